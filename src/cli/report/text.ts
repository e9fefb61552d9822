/** Small helpers shared by the human-readable formats. */
import type { SettingView, SourceRef } from './model.js';

/** Output width: the terminal's, else $COLUMNS, else 160 (CI logs are wide). */
export function outputWidth(): number {
  const fromEnv = Number(process.env.COLUMNS);
  const width = process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 160;
  return Math.max(80, Math.min(width, 240));
}

/**
 * Wraps text to lines of at most `width` columns. Lines after the first start with `indent`;
 * the first is assumed to follow a prefix of `firstPrefix` columns (default: as long as indent).
 */
export function wrap(text: string, width: number, indent = '', firstPrefix = indent.length): string {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const room = Math.max(20, width - (lines.length === 0 ? firstPrefix : indent.length));
      if (line !== '' && line.length + 1 + word.length > room) {
        lines.push(line);
        line = word;
      } else {
        line = line === '' ? word : `${line} ${word}`;
      }
    }
    lines.push(line);
  }
  return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`)).join('\n');
}

const SETTING_KINDS: Record<string, string> = {
  KUBE_PROXY_FLAG: 'kube-proxy flag',
  SERVICE_SPEC_FIELD: 'Service spec field',
  SERVICE_ANNOTATION: 'Service annotation',
  CONFIG_MAP_KEY: 'ConfigMap key',
  POWERSHELL_PARAMETER: 'PowerShell parameter',
  OS_UPDATE: 'OS update',
};

/** A setting as "key=value" plus where it goes, the Kubernetes versions it is for and its note. */
export function settingParts(s: SettingView): { assignment: string; details: string } {
  const where = s.target ? ` in ${s.target}` : '';
  const versions = s.kubernetesVersions ? ` (${s.kubernetesVersions.description})` : '';
  const kind = SETTING_KINDS[s.kind] ?? s.kind;
  const assignment = s.kind === 'OS_UPDATE' ? `${s.key} (build ${s.value})` : `${s.key}=${s.value}`;
  return { assignment, details: `[${kind}${where}]${versions}${s.note ? ` - ${s.note}` : ''}` };
}

export function settingText(s: SettingView): string {
  const { assignment, details } = settingParts(s);
  return `${assignment}  ${details}`;
}

/** Numbers sources in the order they are first cited, so a text can refer to them as [n]. */
export class SourceList {
  private readonly keys = new Map<string, number>();
  readonly entries: SourceRef[] = [];

  /** The number of this source, adding it when new. */
  number(ref: SourceRef): number {
    const key = `${ref.document.slug}\0${ref.section}\0${ref.note ?? ''}`;
    let n = this.keys.get(key);
    if (n === undefined) {
      this.entries.push(ref);
      n = this.entries.length;
      this.keys.set(key, n);
    }
    return n;
  }

  /** " [1][2]" for a list of sources, "" for none. */
  cite(refs: readonly SourceRef[]): string {
    const numbers = [...new Set(refs.map((r) => this.number(r)))];
    return numbers.length ? ` ${numbers.map((n) => `[${n}]`).join('')}` : '';
  }

  /** One line per source: [n] title, section: url (note). */
  lines(width: number): string[] {
    return this.entries.map((r, i) => {
      const label = `  [${i + 1}] `;
      const source = `${r.document.title}, section "${r.section}": ${r.document.url}${r.note ? ` (${r.note})` : ''}`;
      return `${label}${wrap(source, width, ' '.repeat(label.length))}`;
    });
  }
}
