// Layout of the sign-in pages: the shared frame (components/ui/auth-frame.tsx), which the invitation door uses too.
export { AuthFrame as AuthLayout, type AuthFrameProps as AuthLayoutProps } from '../../components/ui/auth-frame';
