import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Holds services.ts to what it says: the services are built in the modules' dependency order. A
 * service may use only what was built before it, even inside a function it is given (a lambda that
 * reaches a service built further down is a dependency the order hides, and two services that reach
 * each other that way are a cycle no import graph shows). Decision 62.
 */

interface Wiring {
  /** The names `createServices` declares, in order. */
  names: string[];
  /** Each declared name → the declared names its initializer uses (in functions too). */
  uses: Map<string, Set<string>>;
}

function wiringOf(source: string, functionName = 'createServices'): Wiring {
  const file = ts.createSourceFile('services.ts', source, ts.ScriptTarget.Latest, true);
  let body: ts.Block | undefined;
  file.forEachChild((node) => {
    if (ts.isFunctionDeclaration(node) && node.name?.text === functionName) body = node.body;
  });
  if (!body) throw new Error(`no function ${functionName}`);

  const declarations: { names: string[]; initializer: ts.Node }[] = [];
  const bindingNames = (name: ts.BindingName): string[] =>
    ts.isIdentifier(name)
      ? [name.text]
      : name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
  for (const statement of body.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (declaration.initializer) declarations.push({ names: bindingNames(declaration.name), initializer: declaration.initializer });
    }
  }
  const declared = new Set(declarations.flatMap((d) => d.names));
  const uses = new Map<string, Set<string>>();
  for (const { names, initializer } of declarations) {
    const used = new Set<string>();
    const visit = (node: ts.Node) => {
      if (ts.isIdentifier(node) && declared.has(node.text) && isReference(node)) used.add(node.text);
      node.forEachChild(visit);
    };
    visit(initializer);
    for (const name of names) uses.set(name, used);
  }
  return { names: declarations.flatMap((d) => d.names), uses };
}

/** Whether an identifier names a variable (not a property of something, nor a key of an object literal). */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if ((ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) return false;
  if (ts.isParameter(parent) || ts.isBindingElement(parent)) return false;
  return true;
}

/** "a uses b, built after it" for every use of a name not yet built. */
export function forwardReferences(source: string, functionName = 'createServices'): string[] {
  const { names, uses } = wiringOf(source, functionName);
  const position = new Map(names.map((name, i) => [name, i]));
  return names.flatMap((name) =>
    [...uses.get(name)!]
      .filter((used) => position.get(used)! >= position.get(name)!)
      .map((used) => (used === name ? `${name} uses itself` : `${name} uses ${used}, built after it`)),
  );
}

/** Each cycle of services reaching each other, as "a → b → a". */
export function cycles(source: string, functionName = 'createServices'): string[] {
  const { names, uses } = wiringOf(source, functionName);
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const walk = (name: string, trail: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'open') {
      found.push([...trail.slice(trail.indexOf(name)), name].join(' → '));
      return;
    }
    state.set(name, 'open');
    for (const used of uses.get(name)!) walk(used, [...trail, name]);
    state.set(name, 'done');
  };
  for (const name of names) walk(name, []);
  return found;
}

const services = readFileSync(path.join(import.meta.dirname, 'services.ts'), 'utf8');
/** The parts services.ts composes (src/server/wiring/<part>.ts, each one `create<Part>` function), held to the same rule. */
const parts = readdirSync(path.join(import.meta.dirname, 'wiring'))
  .filter((file) => file.endsWith('.ts') && !file.includes('.test.'))
  .map((file) => {
    const source = readFileSync(path.join(import.meta.dirname, 'wiring', file), 'utf8');
    return { file, source, functionName: /export function (create\w+)\(/.exec(source)![1]! };
  });

describe('the wiring of services.ts', () => {
  it('builds every service after everything it uses, so no service reaches one built later', () => {
    expect(forwardReferences(services)).toEqual([]);
  });

  it('has no cycle between services', () => {
    expect(cycles(services)).toEqual([]);
  });

  it.each(parts)('builds the part wiring/$file in the same order, with no cycle', ({ source, functionName }) => {
    expect(forwardReferences(source, functionName)).toEqual([]);
    expect(cycles(source, functionName)).toEqual([]);
  });

  it('reads every part it composes', () => {
    expect(parts.map((p) => p.functionName).sort()).toEqual(['createAccounts', 'createIdentity', 'createOrderFlows', 'createReporting']);
  });

  it('would name a lambda that reaches a service built further down, and the cycle it makes', () => {
    const sample = `
      export function createServices() {
        const coupons = createCoupons({ discounts: (ids) => orders.discounts(ids) });
        const orders = createOrders({ coupons });
        const reviews = createReviews({ orders, note: { orders: 1 }.orders });
        return { coupons, orders, reviews };
      }`;
    expect(forwardReferences(sample)).toEqual(['coupons uses orders, built after it']);
    expect(cycles(sample)).toEqual(['coupons → orders → coupons']);
  });
});
