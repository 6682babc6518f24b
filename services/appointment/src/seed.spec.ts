import { parseUsers } from './seed';

describe('appointment seed input', () => {
  it("takes the auth seed's last {users:[...]} line, skipping log lines", () => {
    const input = [
      'auth: applied 0 migrations',
      '{"level":"info","msg":"not the users line"}',
      '{"users":[{"user_id":1,"email":"old@afya.test","role":"user","firstname":"A","lastname":"B"}]}',
      '{"users":[{"user_id":2,"email":"dr.wanjiku@afya.test","role":"doctor","firstname":"Grace","lastname":"Wanjiku"}]}',
      '',
    ].join('\n');
    expect(parseUsers(input)).toEqual([{ user_id: 2, email: 'dr.wanjiku@afya.test', role: 'doctor', firstname: 'Grace', lastname: 'Wanjiku' }]);
  });

  it('says what it expected when stdin has no users line', () => {
    expect(() => parseUsers('nothing here\n')).toThrow('expected the auth seed\'s {"users":[...]} line on stdin');
  });
});
