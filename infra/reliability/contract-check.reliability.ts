// The fuzzer's judge on its own (no platform): what counts as a failure. If these pass and the fuzz run
// reports 0 failures, no generated request met a 5xx, an unanswered request or a broken contract.
import { OpenApiDocument, Operation } from './support/openapi-arbitraries';
import { responseProblem, schemaProblems } from './support/response-check';

const doc: OpenApiDocument = {
  paths: {},
  components: { schemas: { Reply: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } } } } },
};
const operation: Operation = { responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Reply' } } } } } };
const json = 'application/json; charset=utf-8';

describe("the fuzzer's contract check", () => {
  it('fails every 5xx', () => {
    for (const status of [500, 502, 503, 504]) expect(responseProblem(doc, operation, { status, contentType: json, text: '{"statusCode":500,"message":"x"}' })).toMatch(/server error/);
  });

  it('accepts an error only in the {statusCode, message} shape', () => {
    expect(responseProblem(doc, operation, { status: 400, contentType: json, text: '{"statusCode":400,"message":"Invalid id"}' })).toBeNull();
    expect(responseProblem(doc, operation, { status: 400, contentType: 'text/html', text: '<h1>Bad</h1>' })).toMatch(/not JSON/);
    expect(responseProblem(doc, operation, { status: 404, contentType: json, text: '{"statusCode":400,"message":"x"}' })).toMatch(/statusCode 400/);
    expect(responseProblem(doc, operation, { status: 401, contentType: json, text: '{"statusCode":401}' })).toMatch(/no message/);
  });

  it('checks successes against the documented codes and schema', () => {
    expect(responseProblem(doc, operation, { status: 200, contentType: json, text: '{"id":3,"tags":["a"]}' })).toBeNull();
    expect(responseProblem(doc, operation, { status: 201, contentType: json, text: '{"id":3}' })).toMatch(/not documented/);
    expect(responseProblem(doc, operation, { status: 200, contentType: json, text: '{"tags":[1]}' })).toMatch(/\$\.id is missing; \$\.tags\[0\] is not a string/);
    expect(schemaProblems(doc, { type: 'integer' }, 1.5)).toEqual(['$ is not an integer']);
  });

  it("reads OpenAPI 3.1's type lists: ['string', 'null'] takes a string or null, nothing else", () => {
    expect(schemaProblems(doc, { type: ['string', 'null'] }, null)).toEqual([]);
    expect(schemaProblems(doc, { type: ['string', 'null'] }, 'notes')).toEqual([]);
    expect(schemaProblems(doc, { type: ['string', 'null'] }, 3)).toEqual(['$ is not a string']);
    expect(schemaProblems(doc, { type: 'string' }, null)).toEqual(['$ is null']);
  });
});
