import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Finds the English messages the server can send a person, in the sources themselves (TypeScript's parser, no
 * guessing from text): the first text argument of badRequest/notFound/conflict/... and of Nest's exceptions, every
 * `message:` property (validation options, replies, error bodies), and every value of a message table (`...Messages`, `..._MESSAGES`, `REFUSALS`).
 * Names and conditionals are followed to their texts; `${...}` in a template becomes `{}`.
 */
const RPC_HELPERS = new Set(['badRequest', 'unauthorized', 'forbidden', 'notFound', 'conflict', 'unprocessable']);

/** Tables of messages: AuthMessages, PAYMENT_MESSAGES, REFUSALS... */
const CATALOG_NAME = /(messages|refusals|reasons)$/i;
/** zod's rule methods whose text argument (or `{ error }`) is the message a refused value gets. */
const ZOD_RULES = new Set(['min', 'max', 'length', 'gt', 'gte', 'lt', 'lte', 'regex', 'refine', 'email', 'int', 'positive', 'nonnegative', 'multipleOf']);
/** Reply fields that carry a message for a person. */
export const MESSAGE_FIELDS = new Set(['message', 'failure_reason', 'refund_reason']);

export interface FoundMessage {
  /** The English text, `{}` where a value goes. */
  text: string;
  where: string;
}

function sourceFiles(root: string, dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules' && name !== 'dist' && name !== 'testing' && name !== 'migrations') walk(path);
      } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.d.ts')) out.push(path);
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return out;
}

export function scanServerMessages(root: string, dirs: string[]): FoundMessage[] {
  const files = sourceFiles(root, dirs).map((path) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true));
  // Every `const NAME = ...` in the sources, to follow a message given by name.
  const constants = new Map<string, ts.Expression[]>();
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        constants.set(node.name.text, [...(constants.get(node.name.text) ?? []), node.initializer]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }

  const texts = (expression: ts.Expression | undefined, depth = 0): string[] => {
    if (!expression || depth > 5) return [];
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) return [expression.text];
    if (ts.isTemplateExpression(expression)) return [expression.head.text + expression.templateSpans.map((span) => `{}${span.literal.text}`).join('')];
    if (ts.isParenthesizedExpression(expression) || ts.isAsExpression(expression)) return texts(expression.expression, depth + 1);
    if (ts.isConditionalExpression(expression)) return [...texts(expression.whenTrue, depth + 1), ...texts(expression.whenFalse, depth + 1)];
    if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return texts(expression.right, depth + 1);
    if (ts.isArrowFunction(expression) && !ts.isBlock(expression.body)) return texts(expression.body, depth + 1);
    if (ts.isElementAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
      // REFUSALS[reason]: every text of that table.
      return (constants.get(expression.expression.text) ?? []).flatMap((initializer) => objectTexts(initializer, depth + 1));
    }
    if (ts.isIdentifier(expression)) {
      const found = constants.get(expression.text) ?? [];
      // A name that holds a text (not an object or a function call).
      return found.flatMap((initializer) =>
        ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer) || ts.isTemplateExpression(initializer) || ts.isConditionalExpression(initializer)
          ? texts(initializer, depth + 1)
          : [],
      );
    }
    // Catalog members (X.y) are collected with their catalog; calls are followed where they are written.
    return [];
  };

  function objectTexts(initializer: ts.Expression, depth: number): string[] {
    let literal = initializer;
    while (ts.isAsExpression(literal) || ts.isSatisfiesExpression(literal)) literal = literal.expression;
    if (!ts.isObjectLiteralExpression(literal)) return [];
    return literal.properties.flatMap((property) => (ts.isPropertyAssignment(property) ? texts(property.initializer, depth) : []));
  }

  const found: FoundMessage[] = [];
  for (const file of files) {
    const inContracts = /[\\/](contracts|schema)[\\/]/.test(file.fileName);
    // (A contract's start-up checks of secrets and config speak to the operator, in English, in the log.)
    const operatorOnly = /secret|config/i.test(file.fileName);
    const add = (expression: ts.Expression | undefined, node: ts.Node) => {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      for (const text of texts(expression)) if (/[a-z]/i.test(text)) found.push({ text, where: `${relative(root, file.fileName)}:${line + 1}` });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && RPC_HELPERS.has(node.expression.text)) add(node.arguments[0], node);
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        if (name === 'RpcFailure') add(node.arguments?.[1], node);
        else if (name.endsWith('Exception') && name !== 'RpcException') add(node.arguments?.[0], node);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ZOD_RULES.has(node.expression.name.text)) {
        for (const argument of node.arguments) add(argument, node);
      }
      if (inContracts && !operatorOnly) {
        // A schema's own message: `z.string({ error: '...' })`, `.refine(check, { error: '...' })`.
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'error') add(node.initializer, node);
        // A schema builder's message argument (wholeNumber('...'), oneOf(values, '...'), a contract's own helpers):
        // a sentence, never a field name.
        // Written there, or a named constant (DURATION): a local variable's name may match an unrelated one elsewhere.
        const written = (argument: ts.Expression) =>
          ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument) || ts.isTemplateExpression(argument) || (ts.isIdentifier(argument) && /^[A-Z][A-Z0-9_]*$/.test(argument.text));
        // What a rule's `...Problem(...)` function returns is the refusal's message (clinicHoursProblem).
        if (ts.isReturnStatement(node) && node.expression && written(node.expression)) {
          let owner: ts.Node | undefined = node.parent;
          while (owner && !ts.isFunctionLike(owner)) owner = owner.parent;
          if (owner && ts.isFunctionDeclaration(owner) && owner.name && /Problem$/.test(owner.name.text)) add(node.expression, node);
        }
        if (ts.isCallExpression(node)) for (const argument of node.arguments) if (written(argument) && texts(argument).some((text) => text.includes(' '))) add(argument, node);
      }
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && MESSAGE_FIELDS.has(node.name.text)) add(node.initializer, node);
      if (ts.isShorthandPropertyAssignment(node) && MESSAGE_FIELDS.has(node.name.text)) add(node.name, node);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && CATALOG_NAME.test(node.name.text) && node.initializer) {
        let literal: ts.Expression = node.initializer;
        while (ts.isAsExpression(literal) || ts.isSatisfiesExpression(literal)) literal = literal.expression;
        if (ts.isObjectLiteralExpression(literal)) {
          for (const property of literal.properties) if (ts.isPropertyAssignment(property)) add(property.initializer, property);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
