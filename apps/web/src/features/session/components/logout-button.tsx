import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useLogout } from '../api/logout';

export function LogoutButton(props: Omit<ButtonProps, 'onClick'>) {
  const navigate = useNavigate();
  const logout = useLogout({ onDone: () => navigate(paths.home.getHref(), { replace: true }) });
  return (
    <Button {...props} disabled={logout.isPending} onClick={() => logout.mutate()}>
      Logout
    </Button>
  );
}
