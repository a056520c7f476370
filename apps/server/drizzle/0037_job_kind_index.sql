-- Due jobs by kind, in the order they fell due (fetch-jobs.ts): one queue holds every kind, so without it a fetch
-- for one kind read every due job of the others (a backlog of the bot's runs made each fetch slower).
CREATE INDEX IF NOT EXISTS job_kind_due_idx ON pgboss.job (name, (data->>'job'), start_after)
  INCLUDE (created_on, id) WHERE state < 'active';
