-- Administrator and developer content (spec 2): release notes, the glossary, field-level developer help, training
-- links, and the alert notification types the tenant tables `notification` refer to.

-- Release numbers are dotted numbers (8.67, 8.67.1): the check keeps them castable to int[] for version ordering.
create table asp.release (
    release_id bigint generated always as identity primary key,
    release_number text not null unique check (release_number ~ '^[0-9]{1,6}(\.[0-9]{1,6}){0,3}$'),
    release_title text not null check (length(release_title) between 1 and 200),
    release_date date,
    released_by_user text,
    approval_date date,
    approved_by_user text,
    major_release boolean not null default true,
    teams_link text,
    release_bug_number text,
    release_text text,
    release_bug_number2 text,
    release_text2 text,
    release_bug_number3 text,
    release_text3 text,
    release_bug_number4 text,
    release_text4 text,
    release_bug_number5 text,
    release_text5 text,
    release_bug_number6 text,
    release_text6 text,
    release_bug_number7 text,
    release_text7 text,
    release_bug_number8 text,
    release_text8 text,
    release_bug_number9 text,
    release_text9 text,
    release_bug_number10 text,
    release_text10 text,
    created_by_id bigint references asp.asp_users (asp_users_id) on delete set null,
    created_at timestamptz not null default now()
);

insert into asp.release (release_number, release_title, release_date, released_by_user, approval_date, approved_by_user,
                         major_release, teams_link,
                         release_bug_number, release_text, release_bug_number2, release_text2,
                         release_bug_number3, release_text3) values
    ('8.66', 'Requisition and receiving fixes', '2026-02-12', 'Release Manager', '2026-02-11', 'Change Advisory Board',
     true, 'https://teams.example.com/asp/release-notes/8.66',
     '31207', 'Requisition search keeps the chosen site when paging.',
     '31215', 'Receiving OSD: the damaged quantity can no longer exceed the received quantity.',
     '31240', 'Vendor search: exporting more than 1000 rows no longer times out.'),
    ('8.67', 'Administrator and developer tools', '2026-03-05', 'Release Manager', '2026-03-04', 'Change Advisory Board',
     true, 'https://teams.example.com/asp/release-notes/8.67',
     '31302', 'New ASP Releases pages: list, detail and add.',
     '31318', 'Alert Auditing: search sent alerts by PO, work order, requisition or CIP and see who received them.',
     '31325', 'Glossary and developer help (Ctrl+Alt+click on a field) for administrators.');

create table asp.glossary_term (
    glossary_id bigint generated always as identity primary key,
    label text not null check (length(label) between 1 and 200),
    description text,
    abbrevation text,
    location text,
    notes text,
    status text,
    created_by_user text,
    created_by_id bigint references asp.asp_users (asp_users_id) on delete set null,
    created_date timestamptz not null default now(),
    last_modified_by_user text,
    last_modified_date timestamptz,
    approved_by_user text,
    approved_date timestamptz
);
create unique index glossary_term_label_uidx on asp.glossary_term (lower(label));

insert into asp.glossary_term (label, description, abbrevation, location, notes, status, created_by_user, approved_by_user, approved_date) values
    ('Purchase Order', 'A buyer''s order to a vendor for items at agreed prices and quantities.', 'PO', 'Procurement', null, 'Approved', 'ASP', 'ASP', now()),
    ('Requisition', 'A request to buy, add or change an item; it goes through approval before it becomes an order.', 'REQ', 'Procurement', null, 'Approved', 'ASP', 'ASP', now()),
    ('Request For Quote', 'An invitation to vendors to quote prices for one or more items.', 'RFQ', 'Procurement', null, 'Approved', 'ASP', 'ASP', now()),
    ('Work Order', 'Maintenance work that consumes items from the crib.', 'WO', 'Inventory', null, 'Approved', 'ASP', 'ASP', now()),
    ('Vendor Managed Inventory', 'Stock that the vendor monitors and replenishes at the site.', 'VMI', 'Inventory', null, 'Approved', 'ASP', 'ASP', now()),
    ('Site', 'One plant or location of a client; data and permissions are per site.', null, 'Shell', 'Switch sites from the site selector.', 'Approved', 'ASP', 'ASP', now());

create table asp.developer_help (
    help_id bigint primary key,
    help_name text not null,
    database_field text not null,
    description text not null
);

insert into asp.developer_help (help_id, help_name, database_field, description) values
    (1, 'Site Code', 'asp.site.site_code', 'Upper-case code of a site, unique across all clients. Chosen in the site selector; every tenant row carries the site''s site_id.'),
    (2, 'User Id', 'asp.asp_users.user_id', 'The sign-in name of a user. asp_users_id is the numeric key used everywhere else.'),
    (3, 'Release Number', 'asp.release.release_number', 'Dotted release number (8.67); releases are listed newest number first.'),
    (4, 'PO Number', 'notification.po_no', 'ASP purchase order number an alert was sent about; digits only.'),
    (5, 'Alert Type', 'asp.type_notification.type_notification_id', 'The kind of alert notification; the list is shared by all clients.'),
    (6, 'Glossary Label', 'asp.glossary_term.label', 'The term itself; unique regardless of case.');

create table asp.training_link (
    training_link_id bigint generated always as identity primary key,
    category text not null,
    link_address text not null check (link_address ~ '^https?://'),
    description text not null,
    sort_order int not null default 0
);
create index training_link_category_idx on asp.training_link (lower(category), sort_order);

insert into asp.training_link (category, link_address, description, sort_order) values
    ('home', 'https://training.example.com/asp/getting-started', 'Getting started with ASP', 1),
    ('home', 'https://training.example.com/asp/home-page-tiles', 'Arranging your home page tiles and shortcuts', 2),
    ('home', 'https://training.example.com/asp/requisitions', 'Creating and approving requisitions', 3),
    ('devops', 'https://training.example.com/asp/devops/releases', 'Publishing release notes', 1),
    ('devops', 'https://training.example.com/asp/devops/alert-auditing', 'Auditing alert notifications', 2),
    ('devops', 'https://training.example.com/asp/devops/error-log', 'Working with the ASP error log', 3);

-- Alert types are shared by all clients; the notifications themselves live in each client's schema.
create table asp.type_notification (
    type_notification_id bigint primary key,
    description text not null unique
);

insert into asp.type_notification (type_notification_id, description) values
    (1, 'Purchase Order Approved'),
    (2, 'Purchase Order Received'),
    (3, 'Requisition Approval Needed'),
    (4, 'Requisition Approved'),
    (5, 'Requisition Rejected'),
    (6, 'Work Order Parts Received'),
    (7, 'RFQ Response Received'),
    (8, 'Item Add Completed');
