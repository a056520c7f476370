// @vitest-environment node
// The TypeScript 5 compiler API as a parser: TypeScript 7 (the checker) has no stable JS API yet.
import ts from 'typescript5';
import { describe, expect, it } from 'vitest';

/**
 * All web text goes through i18next. This scans every component for text a user would read that is written
 * in the code instead: JSX text, user-facing props (label, placeholder, title, aria-label...) and the
 * notifications' title and message given as string literals.
 */
const userFacingProps = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'description',
  'alt',
  'error',
  'tooltip',
  'message',
  'confirmLabel',
  'cancelLabel',
  'nothingFoundMessage',
]);
const notifyCall =
  /^(notify\w*|notifications\.show|notifications\.update|window\.alert|window\.confirm|alert|confirm)$/;
/** Two letters in a row, in any script: a word, not a symbol or a number. */
const hasWord = /\p{L}{2,}/u;

/** Text that is not language: formats and samples shown as they are (file: text). */
const allowed = new Set([
  // The CSV header the import expects, shown as a sample: its column names are the file format.
  'modules/contacts/components/import-contacts-modal.tsx: nome;numero;email;cpf;aniversario;primeiro_nome;sobrenome;empresa',
  // The key's name on the keyboard, after the translated action.
  'modules/attendance/components/forward-selection-bar.tsx: (Esc)',
]);

type TFinding = { line: number; text: string };

const literalTexts = (node: ts.Node): string[] => {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  // Joined or fallback text; a comparison (status === 'failed') shows nothing.
  const joins = [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken];
  if (ts.isBinaryExpression(node) && joins.includes(node.operatorToken.kind))
    return [...literalTexts(node.left), ...literalTexts(node.right)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return literalTexts(node.right);
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  return [];
};

export const findHardCodedTexts = (fileName: string, source: string): TFinding[] => {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const findings: TFinding[] = [];
  const report = (node: ts.Node, text: string) => {
    if (hasWord.test(text))
      findings.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.getText());
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent))
      for (const text of literalTexts(node.expression)) report(node, text);
    if (ts.isJsxAttribute(node) && node.initializer && userFacingProps.has(node.name.getText())) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (value) for (const text of literalTexts(value)) report(node, text);
    }
    if (ts.isCallExpression(node) && notifyCall.test(node.expression.getText()))
      for (const argument of node.arguments) {
        for (const text of literalTexts(argument)) report(argument, text);
        if (ts.isObjectLiteralExpression(argument))
          for (const property of argument.properties)
            if (ts.isPropertyAssignment(property) && ['title', 'message'].includes(property.name.getText()))
              for (const text of literalTexts(property.initializer)) report(property, text);
      }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return findings;
};

/** Every web source but tests, by its path under src/ (Vite reads them as text). */
const sources: Record<string, string> = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^(\.\.\/)+/, ''), text]),
);

describe('web text outside the locale files', () => {
  it('finds JSX text, user-facing props and notifications written in the code, and passes t() calls', () => {
    const source = `
      export const A = () => (
        <Stack>
          <Text>Olá, tudo bem?</Text>
          <TextInput placeholder="Search" label={t('a.b')} aria-label={open ? t('x') : 'Fechar'} />
          <Text>{t('a.c')} · {count}</Text>
          {busy && <Loader title={\`Carregando \${name}\`} />}
          <Code>{'Texto solto'}</Code>
          {status === 'failed' && <Badge>{t('failed')}</Badge>}
          <Text>{name ?? 'Sem nome'}</Text>
        </Stack>
      );
      notifyError('Falhou');
      notifications.show({ title: t('ok'), message: 'Salvo com sucesso' });`;
    expect(findHardCodedTexts('sample.tsx', source).map((finding) => finding.text)).toEqual([
      'Olá, tudo bem?',
      'Search',
      'Fechar',
      'Carregando',
      'Texto solto',
      'Sem nome',
      'Falhou',
      'Salvo com sucesso',
    ]);
  });

  it('has none in the web sources, besides the few listed formats', () => {
    const names = Object.keys(sources);
    expect(names.length).toBeGreaterThan(100);
    expect(names).toContain('modules/attendance/components/composer.tsx');
    const found = names.flatMap((name) =>
      findHardCodedTexts(name, sources[name] ?? '')
        .filter((finding) => !allowed.has(`${name}: ${finding.text}`))
        .map((finding) => `${name}:${finding.line}: ${finding.text}`),
    );
    expect(found).toEqual([]);
  });
});
