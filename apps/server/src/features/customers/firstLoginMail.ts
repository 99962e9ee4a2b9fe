/** An e-mail through the delivery outbox (the delivery feature's sendCode, channel e-mail). */
export type SendEmail = (m: { userId: number; to: string; subject: string; text: string }) => Promise<void>;

export interface FirstLoginMail {
  send(m: { userId: number; username: string; email: string; language: string }): Promise<void>;
}

/**
 * The first-login e-mail of an account registered by staff (decision 0098): the username and the
 * address of the forgotten-password page, where the owner asks for a code (mailed to this same
 * address) and sets a password. It carries no password and no code: there is none to carry, and the
 * outbox and its log never hold a secret. In English, as the server's other codes and notices are.
 */
export function firstLoginMail(sendEmail: SendEmail, publicUrl: string): FirstLoginMail {
  return {
    send: ({ userId, username, email }) =>
      sendEmail({
        userId,
        to: email,
        subject: 'Your Emberwatch account',
        text: [
          'Welcome to Emberwatch. An account has been made for you.',
          `Your username: ${username}`,
          `To choose your password, open ${publicUrl}/login/recover, enter your username and ask for a code: it comes to this address.`,
        ].join('\n\n'),
      }),
  };
}
