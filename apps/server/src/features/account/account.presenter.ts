import type { AccountInfo, MasterUserInfo, SubUser } from '@emberwatch/shared/contracts/account';
import type { UserRow } from '../users/index.js';
import { isPlaceholderUsername, loginEnabledOf } from './subUserLogin.js';

/** What leaves the server about a sub-user: never its hash, never a placeholder username. */
export function presentSubUser(u: UserRow): SubUser {
  return {
    U_ID: u.id,
    // The demo's helper has a first and a last name; the dialog keeps one name in firstname.
    name: [u.firstname, u.lastname].filter((p) => p && p.trim()).join(' '),
    phone: u.phone,
    mobilePhone: u.phone,
    email: u.email,
    loginEnabled: loginEnabledOf(u),
    username: isPlaceholderUsername(u.username) ? null : u.username,
  };
}

export interface AccountInfoInput {
  target: UserRow;
  account: UserRow;
  address: { address: string | null; zip: string | null; city: string | null } | undefined;
  confirmedPhone: string | null;
  pendingPhone: string | null;
  subUsers: UserRow[];
  mayEdit: boolean;
  mayAddSubUser: boolean;
}

export function presentAccountInfo(i: AccountInfoInput): AccountInfo {
  const { account } = i;
  const phoneConfirmed = account.phone !== null && account.phone === i.confirmedPhone;
  return {
    U_ID: account.id,
    username: i.target.username,
    login_U_ID: i.target.id,
    subUser: i.target.main_user_id !== null,
    firstname: account.firstname,
    lastname: account.lastname,
    email: account.email,
    phone: account.phone,
    country: account.country,
    address: i.address?.address ?? null,
    zip: i.address?.zip ?? null,
    city: i.address?.city ?? null,
    phones: account.phone ? [{ phoneNumber: account.phone, index: 0, confirmed: phoneConfirmed }] : [],
    pendingPhone: i.pendingPhone,
    subUsers: i.subUsers.map(presentSubUser),
    subUserCount: account.sub_user_count,
    mayEdit: i.mayEdit,
    mayAddSubUser: i.mayAddSubUser,
    demo: account.demo === 1 || i.target.demo === 1,
  };
}

export function presentMasterUserInfo(
  master: UserRow,
  accounts: {
    id: number;
    username: string;
    firstname: string | null;
    lastname: string | null;
    authorized: number;
  }[],
): MasterUserInfo {
  return {
    U_ID: master.id,
    username: master.username,
    firstname: master.firstname,
    lastname: master.lastname,
    email: master.email,
    phone: master.phone,
    country: master.country,
    accounts: accounts.map((a) => ({
      UID: a.id,
      username: a.username,
      name: [a.firstname, a.lastname].filter((p) => p && p.trim()).join(' ') || a.username,
      authorized: a.authorized === 1,
    })),
  };
}
