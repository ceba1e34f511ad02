/**
 * Passwords of 8 or more characters that appear at the top of public breach lists
 * (SecLists "10k most common", Have I Been Pwned's top entries, NordPass yearly lists),
 * plus the obvious choices for an Indian computer shop. Compared case-insensitively.
 * Shorter passwords are refused by the length rule anyway.
 */
const LIST = `
password 12345678 123456789 1234567890 qwertyuiop password1 password123 password12 iloveyou1
11111111 00000000 12341234 123123123 87654321 987654321 qwerty123 qwerty12 1qaz2wsx
abcd1234 abc12345 abcdefgh 1q2w3e4r 1q2w3e4r5t qwertyui asdfghjk zxcvbnm1 zaq12wsx
sunshine princess football baseball welcome1 welcome123 trustno1 superman batman123 iloveyou
starwars whatever computer internet michelle jennifer passw0rd p@ssw0rd p@ssword pa55word
letmein1 letmein123 monkey123 dragon123 master123 shadow123 michael1 jordan23 liverpool
chelsea1 arsenal1 football1 baseball1 1qazxsw2 qazwsxedc qweasdzxc 123qweasd 12qwaszx
admin123 admin1234 administrator changeme changeme123 default1 secret123 test1234 testtest
guest123 user1234 login123 access123 hello123 hello1234 loveyou1 lovely123 iloveu123
samsung1 samsung123 nokia1234 google123 facebook1 whatsapp instagram computer1 laptop123
mumbai123 pune1234 india123 india@123 bharat123 hindustan krishna1 krishna123 ganesh123
jaishreeram jaihind123 sairam123 omsairam saibaba123 hanuman123 mahadev123 shivshakti
cricket1 cricket123 sachin10 dhoni007 virat18 abcd@1234 abc@1234 pass@123 pass1234
password@123 admin@123 welcome@123 india@1234 test@123 qwerty@123 123456789a 12345678a
a12345678 aa123456 aa12345678 zxcvbnm123 asdf1234 asdfasdf asdfghjkl qwerty1234 1234qwer
7777777 77777777 88888888 99999999 12121212 11223344 55555555 66666666 22222222 33333333
44444444 123454321 147258369 159753123 741852963 963852741 102030405 1234512345 0987654321
football12 basketball soccer123 hockey123 tennis123 summer123 winter123 spring123 autumn123
january1 february march123 monday123 sunday123 friday123 chocolate cocacola pokemon1
minecraft fortnite roblox123 naruto123 pikachu1 superstar rockstar1 princess1 angel123
babygirl1 sweetheart beautiful butterfly flower123 freedom1 forever1 whatever1 nothing1
mustang1 ferrari1 mercedes porsche911 yamaha123 bajaj1234 maruti800 hyundai1 honda123
qwertyuiop123 1234567891 12345678910 123456789q q1w2e3r4 q1w2e3r4t5 1a2b3c4d a1b2c3d4
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
