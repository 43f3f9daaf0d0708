/*
 * What a staff account's fields may hold, for every way an account is made or changed (the
 * HTTP routes and `shinpan account`): one home, so the desk cannot make an account the
 * console would refuse to rename.
 */

/** 2–32 characters, lower case (usernames are compared case-insensitively and stored lower case). */
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,31}$/;
export const USERNAME_RULE = '2–32 characters: letters, digits, dot, dash, underscore';
export const USERNAME_RULE_JA = '2〜32文字の英小文字・数字・ドット・ハイフン・アンダースコア（先頭は英数字）';

/** The longest display name, in characters. */
export const DISPLAY_NAME_MAX = 100;
