// The public site's addresses (lib/public-paths.ts), which main.tsx reads to choose the public tree or the app:
// the public tree has a page for each of them (else an address would open an empty frame), and the app's pages
// are none of them (else the app could not be reached).
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGES, AUTH_PAGES } from '../../client/src/app/route-table';
import { PAGES } from '../../client/src/app/public-app';
import { isPublicPath, matchPattern, PUBLIC_PATHS } from '../../client/src/lib/public-paths';

describe('public paths', () => {
  it('the public tree has exactly the public patterns', () => {
    expect(PAGES.map((page) => page.pattern)).toEqual([...PUBLIC_PATHS]);
  });

  it('matches static, named and optional segments, with or without a trailing slash', () => {
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/pricing', '/pricing/')).toEqual({});
    expect(matchPattern('/funzionalita/:category/:tab?', '/funzionalita/atleti')).toEqual({ category: 'atleti', tab: undefined });
    expect(matchPattern('/funzionalita/:category/:tab?', '/funzionalita/atleti/elenco')).toEqual({ category: 'atleti', tab: 'elenco' });
    expect(matchPattern('/funzionalita/:category/:tab?', '/funzionalita')).toBeNull();
    expect(matchPattern('/funzionalita/:category/:tab?', '/funzionalita/a/b/c')).toBeNull();
    expect(matchPattern('/pricing', '/pricing/x')).toBeNull();
  });

  it('tells the public site from the app', () => {
    for (const path of ['/', '/pricing', '/cart', '/feature/atleti', '/privacy', '/sicurezza', '/richiedi-informazioni']) expect(isPublicPath(path), path).toBe(true);
    for (const path of ['/login', '/dashboard', '/athlete', '/account/sicurezza', '/funzionalita', '/pagina-che-non-esiste']) expect(isPublicPath(path), path).toBe(false);
    for (const page of [...AUTH_PAGES, ...ADMIN_PAGES]) expect(isPublicPath(`/${page.path.replace(/:(\w+)\??/g, 'x')}`), page.path).toBe(false);
  });
});
