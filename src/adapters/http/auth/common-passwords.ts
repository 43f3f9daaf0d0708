/**
 * Passwords of ten characters or more that top the published lists of leaked passwords, and a
 * few that a Yu-Gi-Oh! tournament desk would try first. Compared case-insensitively. Shorter
 * ones need no list: the length rule refuses them.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '0123456789', '0987654321', '1234567890', '12345678910', '123456789a', '123456789q', '1234567890q',
  '123123123123', '1234512345', '1122334455', '1q2w3e4r5t', '1q2w3e4r5t6y', '1qaz2wsx3edc', 'q1w2e3r4t5',
  'qwertyuiop', 'qwerty1234', 'qwerty12345', 'qwerty123456', 'qwertyuiop1', 'asdfghjkl1', 'asdfghjkl;',
  'zxcvbnm123', 'qazwsxedc123', 'qazwsxedcrfv', 'abcdefghij', 'abc1234567', 'abcd123456', 'a123456789',
  'password12', 'password123', 'password1234', 'password12345', 'passw0rd123', 'p@ssw0rd123', 'password!',
  'iloveyou12', 'iloveyou123', 'letmein123', 'welcome123', 'welcome1234', 'changeme123', 'admin12345',
  'admin123456', 'administrator', 'superman123', 'football123', 'baseball123', 'sunshine123', 'princess123',
  'starwars123', 'dragon1234', 'monkey1234', 'master1234', 'computer123', 'trustno1234', 'pokemon123',
  'yugioh1234', 'yugioh12345', 'yu-gi-oh123', 'blueeyes123', 'exodia1234', 'shinpan123', 'shinpan1234',
  'organizer1', 'organizer123', 'tournament', 'tournament1', 'tournament123', 'judge12345', 'headjudge1',
  'scorekeeper', 'konami1234', 'konami12345',
]);
