import type { ReactNode } from 'react';
import { TextField } from '../../components/Field';
import type { FieldProps } from '../../components/Form';
import './LoginCard.css';

/** The frame of the login page and of the pages a mailed link opens: one card with its title. */
export function LoginCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="section login-section">
      <div className="container">
        <div className="form-card login-card">
          <h1 className="login-title">{title}</h1>
          {intro && <p className="login-intro">{intro}</p>}
          {children}
        </div>
      </div>
    </section>
  );
}

/** The account's e-mail address, as the login and "Forgot password?" ask for it: the form model's field `email`. */
export function AccountEmailField({ id, ...field }: { id: string } & FieldProps) {
  return <TextField id={id} label="Email" type="email" autoComplete="username" required {...field} />;
}
