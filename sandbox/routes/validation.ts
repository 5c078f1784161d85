/**
 * Checks beyond the registry's schemas that need the sandbox's own parser: boolean search
 * expressions must parse (the registry checks only their length). Which parameters are expressions
 * is the registry's knowledge (`kind: 'expression'`), so a new one is checked without a change here.
 */
import type { EndpointId } from '../../lib/api/endpoints';
import { paramFields } from '../../lib/api/params';
import { BooleanExpressionError, parseBooleanExpression } from '../search/boolean';

const expressionParams = new Map<EndpointId, string[]>();

function expressionParamsOf(id: EndpointId): string[] {
  let names = expressionParams.get(id);
  if (!names) {
    names = paramFields(id)
      .filter((field) => field.kind === 'expression')
      .map((field) => field.name);
    expressionParams.set(id, names);
  }
  return names;
}

/** `<param>: <why>` for the first expression that does not parse, or undefined when all do. */
export function expressionProblem(
  id: EndpointId,
  params: Readonly<Record<string, unknown>>,
): string | undefined {
  for (const name of expressionParamsOf(id)) {
    const value = params[name];
    if (typeof value !== 'string') continue;
    try {
      parseBooleanExpression(value);
    } catch (error) {
      if (error instanceof BooleanExpressionError)
        return `${name}: not a valid boolean search expression (${error.message})`;
      throw error;
    }
  }
  return undefined;
}
