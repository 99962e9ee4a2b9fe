import type { ServerTexts } from '../translations/index.js';

/** An e-mail through the delivery outbox (the delivery feature's sendCode, channel e-mail). */
export type SendEmail = (m: { userId: number; to: string; subject: string; text: string }) => Promise<void>;

export interface FirstLoginMail {
  send(m: { userId: number; username: string; email: string; language: string }): Promise<void>;
}

/**
 * The first-login e-mail of an account registered by staff (decision 0098): the username and the
 * address of the forgotten-password page, where the owner asks for a code (mailed to this same
 * address) and sets a password. It carries no password and no code: there is none to carry, and the
 * outbox and its log never hold a secret. In the account's language, from the server texts
 * (serverMail.firstLogin; decision 0107).
 */
export function firstLoginMail(
  sendEmail: SendEmail,
  publicUrl: string,
  texts: () => Promise<ServerTexts>,
): FirstLoginMail {
  return {
    send: async ({ userId, username, email, language }) => {
      const t = await texts();
      await sendEmail({
        userId,
        to: email,
        subject: t.text(language, 'serverMail.firstLogin.subject'),
        text: [
          t.text(language, 'serverMail.firstLogin.welcome'),
          t.text(language, 'serverMail.firstLogin.username', { username }),
          t.text(language, 'serverMail.firstLogin.recover', { link: `${publicUrl}/login/recover` }),
        ].join('\n\n'),
      });
    },
  };
}
