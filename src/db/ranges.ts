/** Pairs of nullable columns as the domain's optional ranges: absent when both columns are null. */

/** A min/max pair (Kubernetes versions, plugin versions) as an optional closed range. */
export const optionalRange = (min: string | null, max: string | null) =>
  min === null && max === null ? undefined : { ...(min !== null ? { min } : {}), ...(max !== null ? { max } : {}) };

/** A from/before pair of columns as an optional half-open range. */
export const optionalSpan = (from: string | null, before: string | null) =>
  from === null && before === null ? undefined : { ...(from !== null ? { from } : {}), ...(before !== null ? { before } : {}) };
