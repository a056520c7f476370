-- The outbound queue is a job per message on the job runner (platform/jobs, pg-boss's table) instead of a
-- claim loop over the messages table. Messages waiting in the old queue (outbound, pending or scheduled) get
-- their job here, so an upgrade strands none; their attempts so far count against the job's retries.
INSERT INTO pgboss.job (name, data, retry_limit, retry_count, retry_delay, retry_backoff, start_after, keep_until,
                        singleton_key, expire_in, policy)
SELECT 'prosa',
       jsonb_build_object('job', 'messages.send', 'tenantId', m.tenant_id,
                          'payload', jsonb_build_object('tenantId', m.tenant_id, 'messageId', m.id)),
       4, least(greatest(m.attempts, 0), 4), 1, true,
       s.start_after, s.start_after + interval '14 days',
       'outbound:ticket:' || m.ticket_id, interval '60 seconds', 'standard'
FROM messages m
CROSS JOIN LATERAL (
  SELECT CASE WHEN m.status = 'scheduled' THEN coalesce(m.schedule_date, now())
              ELSE coalesce(m.next_attempt_at, now()) END AS start_after
) s
WHERE m.from_me AND NOT m.is_deleted AND m.status IN ('pending', 'scheduled');
--> statement-breakpoint
-- The old queue's retry time and its index: the job holds when to try again now. The lease stays (a send in
-- progress holds its message; a lease left by a dead run tells the next one the send was interrupted).
DROP INDEX IF EXISTS messages_outbox_idx;
--> statement-breakpoint
ALTER TABLE messages DROP COLUMN IF EXISTS next_attempt_at;
--> statement-breakpoint
-- Jobs of one group run one at a time, oldest first (fetch-jobs.ts): finds a group's running or older due job.
CREATE INDEX IF NOT EXISTS job_group_idx ON pgboss.job (name, singleton_key, created_on)
  WHERE singleton_key IS NOT NULL AND state <= 'active';
