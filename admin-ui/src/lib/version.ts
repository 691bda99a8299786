import type { Schema } from '../shared/api';

type VersionInfo = Partial<Schema<'VersionFile'>>;

/** 'Version 8.67.<build>' from the answer of GET /api/V1/Version. */
export function versionText(info: VersionInfo | null | undefined): string {
  return info?.version ? `Version ${info.version}` : '';
}

export function copyrightText(now = new Date()) {
  return `© 2014-${now.getFullYear()}`;
}

/**
 * Build run, branch and commit for FSSConnectAdmin users, each linked to the source host when the API names one
 * (links follow the GitHub layout: /actions/runs/, /tree/, /commit/). Entries the API left out are omitted.
 */
export function buildDetails(info: VersionInfo | null | undefined): { label: string; href: string | null }[] {
  if (!info) return [];
  const base = info.sourceUrl ? String(info.sourceUrl).replace(/\/+$/, '') : null;
  const link = (path: string) => (base ? `${base}/${path}` : null);
  const details: { label: string; href: string | null }[] = [];
  if (info.buildRunId) {
    details.push({ label: `Build ${info.buildRunId}`, href: link(`actions/runs/${encodeURIComponent(info.buildRunId)}`) });
  }
  if (info.branch) details.push({ label: `Branch ${info.branch}`, href: link(`tree/${encodeURIComponent(info.branch)}`) });
  if (info.commit) {
    details.push({ label: `Commit ${String(info.commit).slice(0, 8)}`, href: link(`commit/${encodeURIComponent(info.commit)}`) });
  }
  return details;
}
