import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';
const r = createBrowserRouter([{ path: '/', element: <Link to="/a">x</Link> }]);
createRoot(document.getElementById('root')!).render(<RouterProvider router={r} />);
