// Spec 1 section 4, ERP type enumeration.
export const ERP_TYPES = [
  { id: 0, name: 'None' },
  { id: 1, name: 'Enterprise' },
  { id: 2, name: 'SXE' },
  { id: 3, name: 'FreescaleSAP' },
  { id: 4, name: 'Trilogie' },
  { id: 5, name: 'TrilogieWD' },
  { id: 6, name: 'TrilogieIntegrated' },
  { id: 7, name: 'NetSuite' },
];
