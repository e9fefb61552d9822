/**
 * Features the plan asks for that are already on (or off) by default where the node runs.
 *
 * Golden cases: test/domain/rules/feature-defaults.golden.test.ts.
 */
import type { RuleFinding } from '../rule-finding.js';
import { matchScope, wherePrefix, openOn } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  FEATURE_DEFAULT: {
    description: 'A requested feature is already on by default in the environment (or node image); "may apply" when the plan leaves the environment open.',
    severities: ['info'],
    raisedBy: ['compatibility/rules/feature-defaults.ts featureDefaults'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

/** featureDefaults: what a default means for the required settings, where it surely holds or only may. */
const FEATURE_DEFAULT_SETTINGS = {
  leftOut: (name: string) => `The required settings therefore leave out the settings that switch on ${name}.`,
  stillListed: (name: string) =>
    `The required settings still list the settings that switch on ${name}, as the plan does not settle where the node runs; they are not needed where this default holds.`,
};

const judge: RuleJudge<Code> = (ctx) =>
  ctx.k.featureDefaults
    .filter((d) => ctx.enabledFeatures.includes(d.feature))
    .flatMap((d): RuleFinding<Code>[] => {
      const { match, open } = matchScope(d.scope, ctx);
      if (match === 'no') return [];
      const name = ctx.k.features.get(d.feature)?.name ?? d.feature;
      // requiredSettings leaves a feature's settings out only where its default surely holds.
      const settings =
        !d.enabled || ctx.k.features.get(d.feature)!.settings.length === 0
          ? ''
          : ` ${FEATURE_DEFAULT_SETTINGS[match === 'yes' ? 'leftOut' : 'stillListed'](name)}`;
      return [
        {
          severity: 'info',
          ...openOn(open),
          code: 'FEATURE_DEFAULT',
          subject: d.feature,
          message: `${wherePrefix(open)}${d.description}${settings}`,
          sources: [...d.sources, ...d.scopeSources],
        },
      ];
    });

export const featureDefaults: Rule<Code> = { name: 'featureDefaults', codes: codesOf(CODES), judge };
