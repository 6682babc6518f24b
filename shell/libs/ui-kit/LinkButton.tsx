import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/**
 * A link that looks like a button: one `<a>` with antd's button look, so one Tab stop and valid HTML (a `<button>`
 * inside a `<Link>` is interactive content inside interactive content, two Tab stops for one action). Its href is
 * real (open in a new tab, copy the address); a plain click routes inside the app as a Link does.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick' | 'htmlType'> & { to: string }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...props} href={href} onClick={(event) => follow(event as MouseEvent<HTMLAnchorElement>)} />;
}
