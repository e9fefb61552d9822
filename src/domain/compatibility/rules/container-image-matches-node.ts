/**
 * Container images against the node: with process isolation the container base image must be the
 * node's OS version (build); with the node's release open, the images fit only nodes of their build.
 *
 * Golden cases: test/domain/rules/container-image-matches-node.golden.test.ts.
 */
import type { Citation, ReleaseFact } from '../../knowledge.js';
import { releaseNames } from '../plan-context.js';
import { acrossReleases } from '../scope.js';
import { codesOf, type Rule, type RuleJudge } from './rule.js';
import type { FindingCodeEntry } from '../../finding-code-entry.js';

/** The finding codes this rule raises, with what each means (the registry, ../../finding-codes.ts, gathers them). */
export const CODES = {
  CONTAINER_IMAGE_OS_MISMATCH: {
    description:
      "The container images' Windows release differs from the node's: with process isolation they must match; \"may apply\" when the plan leaves the node's release open.",
    // An error; "may apply" (the node's release open) a warning.
    severities: ['error', 'warning'],
    raisedBy: ['compatibility/rules/container-image-matches-node.ts containerImageMatchesNode'],
    scanOnly: false,
  },
} as const satisfies Record<string, FindingCodeEntry>;
/** The codes this rule may raise: its findings are typed with them, so a mistyped code does not compile. */
type Code = keyof typeof CODES;

const PROCESS_ISOLATION = 'Kubernetes runs Windows containers with process isolation, where the host and the container base image must be the same OS version.';
const HOST_PROCESS = 'HostProcess containers are the exception: their base image need not match the host.';

/** containerImageMatchesNode: the container images' release against the node's. */
const CONTAINER_IMAGE = {
  fitsOnly: (image: ReleaseFact, fitting: string | undefined) =>
    `The container images are built on ${image.name} (build ${image.build}), so they run only on nodes of build ${image.build}${fitting ? ` (${fitting})` : ''}. ${PROCESS_ISOLATION}`,
  runOnBuild: (image: ReleaseFact) =>
    `Run the images on nodes of build ${image.build}, or build them for the nodes' release (a multi-arch manifest with a variant per release). ${HOST_PROCESS}`,
  mismatch: (image: ReleaseFact, node: ReleaseFact) =>
    `The container images are built on ${image.name} (build ${image.build}) but the node runs ${node.name} (build ${node.build}). ${PROCESS_ISOLATION}`,
  rebuild: (image: ReleaseFact, node: ReleaseFact) =>
    `Build the images on ${node.name} (for example a multi-arch manifest with a ${node.name} variant), or run them on ${image.name} nodes. ${HOST_PROCESS}`,
};

/** Kubernetes documentation: with process isolation the host and the container base image must be the same OS version; Hyper-V isolation is not supported. */
export const CONTAINER_IMAGE_SOURCES: Citation[] = [
  { doc: 'k8s-windows-intro', section: 'windows-os-version-support', note: 'the host OS version must match the container base image OS version' },
  { doc: 'k8s-windows-intro', section: 'Hyper-V isolation', note: 'Kubernetes does not run Windows containers with Hyper-V isolation' },
  { doc: 'k8s-hostprocess', section: 'Overview', note: 'HostProcess containers are exempt: their base image need not match the host' },
];

const judgeContainerImage: RuleJudge<Code> = (ctx) => {
  const { k, plan, release } = ctx;
  if (!plan.containerImageWindowsVersion) return [];
  const image = k.releases.get(plan.containerImageWindowsVersion)!;
  if (!release) {
    // Release open: the images fit only nodes of their own build.
    const other = ctx.candidateReleases.filter((r) => r.build !== image.build);
    if (other.length === 0) return [];
    const fitting = ctx.candidateReleases.filter((r) => r.build === image.build);
    const { severity, prefix, ...applicability } = acrossReleases(ctx, other, 'error');
    return [
      {
        severity,
        ...applicability,
        code: 'CONTAINER_IMAGE_OS_MISMATCH',
        subject: image.slug,
        message: `${prefix}${CONTAINER_IMAGE.fitsOnly(image, fitting.length > 0 ? releaseNames(fitting) : undefined)}`,
        remediation: CONTAINER_IMAGE.runOnBuild(image),
        sources: CONTAINER_IMAGE_SOURCES,
      },
    ];
  }
  if (image.build === release.build) return [];
  return [
    {
      severity: 'error',
      code: 'CONTAINER_IMAGE_OS_MISMATCH',
      subject: image.slug,
      message: CONTAINER_IMAGE.mismatch(image, release),
      remediation: CONTAINER_IMAGE.rebuild(image, release),
      sources: CONTAINER_IMAGE_SOURCES,
    },
  ];
};

export const containerImageMatchesNode: Rule<Code> = { name: 'containerImageMatchesNode', codes: codesOf(CODES), judge: judgeContainerImage };
