// The expert queue's data for its figure (docs/performance.md, "Expert queue"): 10 000 people × 3
// tax years written in the database by SQL (as rows, not through the API: that would take hours), in
// the shape the app writes them. Statuses are spread evenly over 1–6, so two thirds of the years
// (about 20 000) are in the queue; every year from status 4 on has a transmission, every fifth a
// second one; half of them have an expert; some have open requests and unread messages. 1 000
// surnames (20 stems × 50 endings), so a search for one finds about ten people, as a name does.

export const PEOPLE = 10_000;
export const EXPERTS = 20;
export const YEARS = [2023, 2024, 2025];
/** One of the 1 000 surnames: what an expert types to find a client. */
export const SEARCH_TERM = 'kelbach';
/** The queue's pages are asked for as a browser asks: a page (about 15 KB of JSON) travels compressed. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

const STEMS = ['Am', 'Berg', 'Brun', 'Fisch', 'Frei', 'Gass', 'Hof', 'Kel', 'Lang', 'Meier', 'Moser', 'Nuss', 'Ott', 'Roth', 'Schnei', 'Sutt', 'Vogt', 'Wal', 'Zimm', 'Zur'];
const ENDINGS = ['mann', 'er', 'li', 'egger', 'hofer', 'bach', 'berger', 'ach', 'stein', 'hart', 'wald', 'feld', 'mat', 'brunn', 'acher', 'ing', 'iger', 'bühl', 'ried', 'thal', 'haus', 'weg', 'rain', 'moos', 'matt', 'egg', 'horn', 'tal', 'bold', 'lin', 'mer', 'ner', 'ler', 'rer', 'ser', 'ker', 'der', 'ter', 'ger', 'zer', 'ber', 'ver', 'her', 'fer', 'wer', 'ken', 'ni', 'zi', 'ti', 'gi'];
const FIRST_NAMES = ['Anna', 'Beat', 'Carla', 'Dario', 'Elena', 'Fabio', 'Gina', 'Hans', 'Ines', 'Jonas', 'Katrin', 'Luca', 'Mia', 'Noah', 'Olivia', 'Peter', 'Rosa', 'Simon', 'Tina', 'Urs'];
const CANTONS = ['zurich', 'bern', 'luzern', 'basel-stadt', 'geneva', 'vaud', 'ticino', 'graubunden'];

const list = (values) => `array[${values.map((v) => `'${v}'`).join(',')}]`;
const STATUSES = list(['profile_incomplete', 'documents_pending', 'documents_submitted', 'processing', 'review_required', 'completed']);
const TRANSMITTED = `('processing','review_required','completed')`;

export const QUEUE_SEED_STATEMENTS = [
  `insert into users (email, role, first_name, last_name, created_at)
   select 'expert' || g || '@taxli.example', 'expert', 'Expert' || g, 'Berater', now() from generate_series(1, ${EXPERTS}) g`,
  `insert into users (email, first_name, last_name, phone, language, is_profile_complete, tax_street, tax_zip_code, tax_city)
   select 'person' || g || '@example.ch', (${list(FIRST_NAMES)})[1 + g % 20],
     (${list(STEMS)})[1 + (g / 20) % 20] || (${list(ENDINGS)})[1 + (g / 400) % 50],
     '79 123 45 67', 'de', true, 'Bahnhofstrasse ' || g, '8001', 'Zürich'
   from generate_series(1, ${PEOPLE}) g`,
  `insert into tax_year_statuses (user_id, tax_year, status, updated_at)
   select u.id, y, (${STATUSES})[1 + (u.id * 7 + y) % 6], timestamptz '2026-01-01' + ((u.id * 37 + y * 11) % 100000) * interval '1 minute'
   from users u cross join unnest(array[${YEARS.join(',')}]) y where u.role = 'user'`,
  // The answers of the wizard's final submit (the tests' tax-profile-fixture.ts), the canton among them.
  `insert into tax_profiles (user_id, tax_year, step, answers, completed_at, version)
   select user_id, tax_year, 12, jsonb_build_object(
     'religion', 'reformed', 'cantonOfResidence', (${list(CANTONS)})[1 + user_id % 8], 'street', 'Bahnhofstrasse', 'houseNumber', '12a',
     'zipCode', '8001', 'city', 'Zürich', 'gemeinde', 'Zürich', 'movedDuringYear', 'no', 'isFirefighter', false, 'maritalStatus', 'married',
     'propertyOwner', false, 'hasChildren', true, 'numberOfChildren', 1, 'childrenAges', jsonb_build_array(7), 'hasInvestments', true,
     'hasForeignIncome', false, 'employmentType', 'employed', 'hasPillar3a', true, 'isDisabled', false), now(), 3
   from tax_year_statuses`,
  `insert into transmissions (user_id, tax_year, transmitted_at)
   select user_id, tax_year, updated_at - interval '3 days' from tax_year_statuses where status in ${TRANSMITTED}`,
  `insert into transmissions (user_id, tax_year, transmitted_at)
   select user_id, tax_year, updated_at - interval '1 day' from tax_year_statuses where status in ${TRANSMITTED} and user_id % 5 = 0`,
  `insert into return_cases (user_id, tax_year, assignee_user_id, assigned_at)
   select user_id, tax_year, (select min(id) from users where role = 'expert') + (user_id + tax_year) % ${EXPERTS}, updated_at
   from tax_year_statuses where status in ${TRANSMITTED} and (user_id + tax_year) % 2 = 0`,
  `insert into document_requests (user_id, tax_year, category_id, note, requested_by, fulfilled_at)
   select user_id, tax_year, 1 + k, 'sealed', null, case when k = 0 then null else now() end
   from tax_year_statuses cross join generate_series(0, 1) k where status in ('processing', 'review_required') and user_id % 3 = 0`,
  `insert into messages (user_id, tax_year, body, from_expert, read_at)
   select user_id, tax_year, 'sealed', k = 2, case when k = 0 then null else now() end
   from tax_year_statuses cross join generate_series(0, 2) k where status <> 'profile_incomplete' and user_id % 4 = 0`,
  // The state autovacuum keeps a live database in: statistics, and the visibility map for index-only scans.
  'vacuum analyze',
];
