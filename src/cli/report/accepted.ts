/**
 * Accepted findings in the report model: each accepted finding marked with its reason, and the
 * verdicts after them added where something is accepted (placed after `verdict` in JSON). The
 * gate's verdict is then gateVerdict(report) of src/domain/outcome.ts, for check and scan alike.
 */
import { verdictAfterAccepted } from '../../domain/outcome.js';
import type { Acceptor } from '../accept.js';
import type { Report, ReportView, ScannedObjectView, ScanView } from './model.js';

function checkAccepted(report: ReportView, acceptor: Acceptor): ReportView {
  const findings = report.findings.map((f) => {
    const accepted = acceptor.accept(f);
    return accepted ? { ...f, accepted } : f;
  });
  if (!findings.some((f) => f.accepted)) return report;
  const { verdict, ...rest } = report;
  return { verdict, verdictAfterAccepted: verdictAfterAccepted(findings), ...rest, findings };
}

function scanAccepted(scan: ScanView, acceptor: Acceptor): ScanView {
  let accepted = 0;
  const objects = scan.objects.map((o): ScannedObjectView => {
    const findings = o.findings.map((f) => {
      const acceptance = acceptor.accept(f);
      if (!acceptance) return f;
      accepted++;
      return { ...f, accepted: acceptance };
    });
    if (!findings.some((f) => f.accepted)) return o;
    const { verdict, ...rest } = o;
    return { ...rest, verdict, verdictAfterAccepted: verdict === null ? null : verdictAfterAccepted(findings), findings };
  });
  if (accepted === 0) return scan;
  const { verdict, ...rest } = scan;
  const after = verdict === null ? null : verdictAfterAccepted(objects.flatMap((o) => o.findings));
  return { verdict, verdictAfterAccepted: after, accepted, ...rest, objects };
}

/** The report with its accepted findings marked; unchanged when nothing is accepted. */
export function withAccepted<R extends Report>(report: R, acceptor: Acceptor | undefined): R {
  if (!acceptor || acceptor.empty) return report;
  return report.kind === 'check' ? { ...report, report: checkAccepted(report.report, acceptor) } : { ...report, scan: scanAccepted(report.scan, acceptor) };
}
