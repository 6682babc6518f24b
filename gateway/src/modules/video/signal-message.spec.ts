import { MAX_SDP_LENGTH, parseSignal } from './signal-message';

const sdp = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';
const candidate = { candidate: 'candidate:842163049 1 udp 1677729535 192.0.2.7 54321 typ srflx raddr 0.0.0.0 rport 0 generation 0', sdpMid: '0', sdpMLineIndex: 0, usernameFragment: 'abcd' };

describe('signalling messages', () => {
  it('passes an SDP offer or answer and an ICE candidate (end-of-candidates included), as fresh objects', () => {
    expect(parseSignal({ kind: 'description', description: { type: 'offer', sdp } })).toEqual({ kind: 'description', description: { type: 'offer', sdp } });
    expect(parseSignal({ kind: 'description', description: { type: 'answer', sdp } })?.kind).toBe('description');
    expect(parseSignal({ kind: 'candidate', candidate })).toEqual({ kind: 'candidate', candidate });
    expect(parseSignal({ kind: 'candidate', candidate: { candidate: '', sdpMid: null, sdpMLineIndex: null } })).toEqual({
      kind: 'candidate',
      candidate: { candidate: '', sdpMid: null, sdpMLineIndex: null, usernameFragment: null },
    });
  });

  it.each([
    ['nothing', undefined],
    ['an array', [sdp]],
    ['text', 'hello'],
    ['another kind', { kind: 'chat', text: 'hello doctor' }],
    ['an extra key beside the description', { kind: 'description', description: { type: 'offer', sdp }, text: 'hi' }],
    ['an extra key in the description', { kind: 'description', description: { type: 'offer', sdp, media: 'AAAA' } }],
    ['a rollback or pranswer', { kind: 'description', description: { type: 'pranswer', sdp } }],
    ['an SDP that is not one', { kind: 'description', description: { type: 'offer', sdp: 'hello' } }],
    ['an SDP too large', { kind: 'description', description: { type: 'offer', sdp: `v=0\r\n${'a'.repeat(MAX_SDP_LENGTH)}` } }],
    ['an SDP with non-ASCII', { kind: 'description', description: { type: 'offer', sdp: `${sdp}a=x:\u0000` } }],
    ['a candidate that is not one', { kind: 'candidate', candidate: { ...candidate, candidate: 'hello' } }],
    ['a candidate with an extra key', { kind: 'candidate', candidate: { ...candidate, note: 'x' } }],
    ['a candidate index out of range', { kind: 'candidate', candidate: { ...candidate, sdpMLineIndex: 1.5 } }],
    ['a candidate mid that is a number', { kind: 'candidate', candidate: { ...candidate, sdpMid: 0 } }],
  ])('refuses %s', (_label, body) => {
    expect(parseSignal(body)).toBeNull();
  });
});
