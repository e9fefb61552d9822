/**
 * A workload whose image pins a Windows build but whose pods nothing keeps on nodes of that build
 * (IMAGE_BUILD_NOT_SELECTED, info). A process-isolated container starts only on a node of its base
 * image's build; the scan reads that build as its nodes' (the plan it is judged on), and this says
 * what that reading rests on, and what a cluster with nodes of another build does to its pods: the
 * error users report most ("the container operating system does not match the host", research
 * facts-2026 B.1). Trial scan54, files 08, 12, 19 and 20. An image whose tag only suggests its base
 * (a third-party image tagged 1809: trial scan54 file 07, scan55 files 01, 02, 08) gets the same
 * note as "may apply": the input does not say what it is built on.
 */
import type { Citation, Knowledge } from '../../knowledge.js';
import { CONTAINER_IMAGE_SOURCES } from '../../compatibility/rules/container-image-matches-node.js';
import { text, type Json } from '../kube.js';
import { statesRelease, type NamedRelease, type Reading, type ReaderFinding } from './types.js';
import { signalIndex } from '../signals.js';

/** The note's code, for the scan to drop it where the nodes state their build (scan.ts). */
export const IMAGE_BUILD_NOTE = 'IMAGE_BUILD_NOT_SELECTED';

/** The manifest-signals.yaml place that reads the node label a workload selects its nodes' build with. */
const BUILD_LABEL_SIGNAL = 'windows-build-label';
const BUILD_LABEL = 'node.kubernetes.io/windows-build';

/** What the note rests on: the process-isolation rule (the engine's citations for it) and the windows-build label's place in the seeds. */
function noteSources(k: Knowledge): Citation[] {
  const label = k.manifestSignals.find((s) => s.slug === BUILD_LABEL_SIGNAL);
  return [...CONTAINER_IMAGE_SOURCES, ...(label?.sources ?? [])];
}

const namesCache = new WeakMap<Knowledge, Map<number, string>>();

/** The names of the releases of a build ("Windows Server, version 1809 / Windows Server 2019"), once per knowledge base; undefined when none. */
function releaseNamesOfBuild(k: Knowledge, build: number): string | undefined {
  let byBuild = namesCache.get(k);
  if (!byBuild) {
    byBuild = new Map();
    for (const rel of k.releases.values()) byBuild.set(rel.build, byBuild.has(rel.build) ? `${byBuild.get(rel.build)!} / ${rel.name}` : rel.name);
    namesCache.set(k, byBuild);
  }
  return byBuild.get(build);
}

/**
 * The note, when the reading's Windows build comes from a container image only: not from the node
 * labels it selects, nor from a RuntimeClass it names (which may select the build: runtime-class.ts).
 * A HostProcess container's image is not read for a build (container-signals.ts), so it never raises this.
 */
export function imageBuildNotSelected(
  k: Knowledge,
  r: Reading,
  containers: readonly { container: Json; path: string }[],
  runtimeClassNamed: boolean,
): ReaderFinding[] {
  if (runtimeClassNamed) return [];
  const builds = r.facts.filter((f) => f.field === 'windowsBuild');
  const fromImage = builds.find((f) => /\.image$/.test(f.path));
  if (!fromImage || builds.some((f) => !/\.image$/.test(f.path))) return [];
  const build = Number(fromImage.value);
  const names = releaseNamesOfBuild(k, build);
  if (!names) return [];
  const image = text(containers.find(({ path }) => `${path}.image` === fromImage.path)?.container.image);
  return [
    {
      code: IMAGE_BUILD_NOTE,
      severity: 'info',
      message:
        `${image ? `Its image ${image}` : 'Its image'} is built for build ${build} (${names}): a process-isolated container starts only on a node of that build, ` +
        `and nothing in its pod template keeps it there (no ${BUILD_LABEL} selector, no RuntimeClass). ` +
        `Where the cluster has Windows nodes of another build, its pods can be scheduled on them and fail to start because the container's OS does not match the host's.`,
      remediation:
        `Select nodes of build ${build}: nodeSelector ${BUILD_LABEL}: "10.0.${build}" on the pod template, or a RuntimeClass whose scheduling.nodeSelector holds it; ` +
        `or publish the image for each build the cluster runs (a multi-arch manifest) and select by that.`,
      path: fromImage.path,
      sources: noteSources(k),
    },
  ];
}

/** The release a tag token names where the seeds read it on an image (1809: windows-server-1809), by the first place that lists it. */
function releaseOfToken(k: Knowledge, token: string): string | undefined {
  for (const { signal } of signalIndex(k).images) {
    const slug = signal.reads === 'windows-build' ? signal.values[token]?.windowsVersion : undefined;
    if (slug) return slug;
  }
  return undefined;
}

/**
 * The "may apply" note for a workload whose image's tag names a release the seeds read on other
 * images (1809, ltsc2022) but whose image no place names: if it is built on that release's base, its
 * pods need nodes of that build, and nothing keeps them there. Not when it selects its nodes' build.
 */
export function taggedBuildNotSelected(k: Knowledge, named: NamedRelease, runtimeClassNamed: boolean, r: Reading): ReaderFinding[] {
  if (runtimeClassNamed || statesRelease(r)) return [];
  const slug = releaseOfToken(k, named.token);
  const release = slug ? k.releases.get(slug) : undefined;
  if (!release) return [];
  const names = releaseNamesOfBuild(k, release.build);
  return [
    {
      code: IMAGE_BUILD_NOTE,
      severity: 'info',
      message:
        `The tag of ${named.image} names ${named.token} (${names}, build ${release.build}), but no source ties this image's tags to its base image: ` +
        `if it is built on that base, a process-isolated container of it starts only on a node of build ${release.build}, and nothing in its pod template keeps it there ` +
        `(no ${BUILD_LABEL} selector, no RuntimeClass).`,
      remediation: `Check the image's base; if it is ${named.token}, select nodes of build ${release.build}: nodeSelector ${BUILD_LABEL}: "10.0.${release.build}" on the pod template.`,
      path: named.path,
      sources: noteSources(k),
      applicability: 'may-apply',
      dependsOn: ['windowsVersion'],
    },
  ];
}
