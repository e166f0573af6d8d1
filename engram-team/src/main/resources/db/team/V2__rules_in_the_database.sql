-- What the team store promises, enforced by the database whatever a client sends, for members who log in with their
-- own PostgreSQL role and could write SQL of their own:
--  * only project and reference memories are shared: user and feedback memories never leave a machine;
--  * a memory's frontmatter is rebuilt from typed columns only (paths, supersedes, valid_until): no free JSON whose
--    keys a mirror would write as frontmatter, where a repeated 'type' could turn a fact into a standing instruction;
--  * no text a mirror writes holds a control character (a line break in a name or a path would be a frontmatter
--    line of its own), and a memory's description and body hold at most 64 KiB, the limit every other path keeps;
--  * a writer changes, removes and restores only the memories they wrote; a maintainer any of the project's; a
--    conflict is settled by the author of the losing edit, of the memory, or a maintainer;
--  * a member reads the member list of their own projects only.

-- The caller's rank in a project, read with the owner's rights: the members table hides other projects' lists from
-- members now, so the policies cannot read it with the caller's. It answers for the login role (or a role it may
-- act as) only, so a member learns nothing of another's roles by calling it.
CREATE FUNCTION engram.rank_of(p_project text, p_member name) RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
  SELECT CASE
    WHEN p_member = session_user
        OR pg_has_role(session_user, (SELECT oid FROM pg_roles WHERE rolname = p_member), 'MEMBER') THEN
      coalesce((SELECT max(CASE role WHEN 'reader' THEN 1 WHEN 'writer' THEN 2 WHEN 'maintainer' THEN 3 END)
                FROM engram.members WHERE project_key = p_project AND member = p_member), 0)
    ELSE 0
  END
$$;
REVOKE ALL ON FUNCTION engram.rank_of(text, name) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION engram.rank_of(text, name) TO engram_member;

CREATE OR REPLACE FUNCTION engram.role_rank(p_project text) RETURNS integer
LANGUAGE sql STABLE
AS $$
  SELECT engram.rank_of(p_project, current_user)
$$;

DROP POLICY members_visible ON engram.members;
CREATE POLICY members_visible ON engram.members FOR SELECT TO engram_member
  USING (engram.role_rank(project_key) >= 1);

-- Text without control characters: none at all in a line, none but tab and line feed in a body.
CREATE FUNCTION engram.one_line(p text) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$ SELECT p IS NULL OR p !~ '[\x01-\x1f\x7f\x80-\x9f]' $$;

CREATE FUNCTION engram.clean_text(p text) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$ SELECT p !~ '[\x01-\x08\x0b-\x1f\x7f\x80-\x9f]' $$;

CREATE FUNCTION engram.clean_lines(p text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$
  SELECT coalesce(array_length(p, 1), 0) <= 100
    AND NOT EXISTS (SELECT 1 FROM unnest(p) AS x WHERE x IS NULL OR NOT engram.one_line(x) OR length(x) > 1000)
$$;

-- The typed columns that replace the free 'fields' JSON, filled from it where it held them.
ALTER TABLE engram.memories
  ADD COLUMN paths text[] NOT NULL DEFAULT '{}',
  ADD COLUMN supersedes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN valid_until timestamptz;
ALTER TABLE engram.conflicts
  ADD COLUMN paths text[] NOT NULL DEFAULT '{}',
  ADD COLUMN supersedes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN valid_until timestamptz;

CREATE FUNCTION engram.json_lines(p jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE jsonb_typeof(p)
    WHEN 'array' THEN coalesce((SELECT array_agg(x) FROM jsonb_array_elements_text(p) AS x), '{}')
    WHEN 'string' THEN ARRAY[p #>> '{}']
    ELSE '{}'
  END
$$;

-- Filled without the triggers: the words of a memory do not change, so neither its version nor the sync cursor.
ALTER TABLE engram.memories DISABLE TRIGGER USER;
UPDATE engram.memories SET
  paths = engram.json_lines(fields -> 'paths'),
  supersedes = engram.json_lines(fields -> 'supersedes'),
  valid_until = CASE WHEN fields ->> 'validUntil' ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2})$'
    THEN (fields ->> 'validUntil')::timestamptz END;
ALTER TABLE engram.memories ENABLE TRIGGER USER;
ALTER TABLE engram.conflicts DISABLE TRIGGER USER;
UPDATE engram.conflicts SET
  paths = engram.json_lines(fields -> 'paths'),
  supersedes = engram.json_lines(fields -> 'supersedes'),
  valid_until = CASE WHEN fields ->> 'validUntil' ~ '^\d{4}-\d{2}-\d{2}T[0-9:.]+(Z|[+-]\d{2}:\d{2})$'
    THEN (fields ->> 'validUntil')::timestamptz END;
ALTER TABLE engram.conflicts ENABLE TRIGGER USER;
DROP FUNCTION engram.json_lines(jsonb);
ALTER TABLE engram.memories DROP COLUMN fields;
ALTER TABLE engram.conflicts DROP COLUMN fields;

-- The stamping trigger, again: a change, removal or restore of a memory by someone other than its author is refused
-- unless they are a maintainer; a removed memory keeps no words; a personal memory is refused with the reason.
CREATE OR REPLACE FUNCTION engram.memories_stamp() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM engram.lock_project(NEW.project_key);
  IF NEW.type NOT IN ('project', 'reference') AND NOT NEW.deleted THEN
    RAISE EXCEPTION 'team memory holds project and reference memories only; a % memory never leaves its machine (%)',
      NEW.type, NEW.slug USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.author := current_user;
    NEW.version := 1;
    NEW.created_at := least(coalesce(NEW.created_at, now()), now());
  ELSE
    IF NEW.project_key IS DISTINCT FROM OLD.project_key OR NEW.slug IS DISTINCT FROM OLD.slug THEN
      RAISE EXCEPTION 'a team memory keeps its project and name (%)', OLD.slug USING ERRCODE = 'check_violation';
    END IF;
    IF OLD.author <> current_user AND engram.role_rank(OLD.project_key) < 3 AND NOT engram.is_admin() THEN
      RAISE EXCEPTION 'only its author (%) or a maintainer can % team memory %', OLD.author,
        CASE WHEN NEW.deleted AND NOT OLD.deleted THEN 'remove' WHEN OLD.deleted THEN 'restore' ELSE 'change' END,
        OLD.slug USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.author := OLD.author;
    NEW.created_at := OLD.created_at;
    NEW.version := OLD.version + 1;
  END IF;
  IF NEW.deleted THEN
    NEW.description := '';
    NEW.body := '';
    NEW.paths := '{}';
    NEW.supersedes := '{}';
    NEW.session := NULL;
  END IF;
  NEW.updated_by := current_user;
  NEW.updated_at := now();
  NEW.change_seq := nextval('engram.change_seq');
  RETURN NEW;
END
$$;

-- A conflict is settled by the one who made the losing edit, the memory's author or a maintainer; a resolution that
-- takes the losing edit also changes the memory, which the rule above allows only to its author or a maintainer.
CREATE OR REPLACE FUNCTION engram.conflicts_stamp() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  chosen text := NEW.resolution;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.author := current_user;
    NEW.created_at := now();
    NEW.resolution := NULL;
    NEW.resolved_by := NULL;
    NEW.resolved_at := NULL;
    RETURN NEW;
  END IF;
  IF OLD.resolution IS NOT NULL THEN
    RAISE EXCEPTION 'conflict % on % is already resolved (%, by %)', OLD.id, OLD.slug, OLD.resolution,
      OLD.resolved_by USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.author <> current_user AND engram.role_rank(OLD.project_key) < 3 AND NOT engram.is_admin()
      AND NOT EXISTS (SELECT 1 FROM engram.memories m
                      WHERE m.project_key = OLD.project_key AND m.slug = OLD.slug AND m.author = current_user) THEN
    RAISE EXCEPTION 'only the author of the edit (%), of the memory or a maintainer can resolve conflict % on %',
      OLD.author, OLD.id, OLD.slug USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF chosen IS NULL THEN
    RAISE EXCEPTION 'a resolution is team, conflict or local' USING ERRCODE = 'check_violation';
  END IF;
  NEW := OLD;
  NEW.resolution := chosen;
  NEW.resolved_by := current_user;
  NEW.resolved_at := now();
  RETURN NEW;
END
$$;

-- What the rules below refuse and the store held: personal memories, memories over the limit, text with control
-- characters. Each live one becomes a removed tombstone without its words (with the triggers on, so every mirror
-- drops it at its next pull and the audit log says so); removed ones lose their words without a new version; open
-- conflicts that break a rule go.
UPDATE engram.memories SET deleted = true, change_id = gen_random_uuid(),
    name = regexp_replace(name, '[\x01-\x1f\x7f\x80-\x9f]', ' ', 'g'),
    origin = regexp_replace(origin, '[\x01-\x1f\x7f\x80-\x9f]', ' ', 'g')
  WHERE NOT deleted AND (type NOT IN ('project', 'reference')
    OR octet_length(description) + octet_length(body) > 65536
    OR NOT (engram.one_line(name) AND engram.one_line(description) AND engram.clean_text(body)
      AND engram.one_line(session) AND engram.one_line(origin) AND engram.clean_lines(paths)
      AND engram.clean_lines(supersedes)));
ALTER TABLE engram.memories DISABLE TRIGGER USER;
UPDATE engram.memories SET description = '', body = '', paths = '{}', supersedes = '{}', session = NULL,
    name = regexp_replace(name, '[\x01-\x1f\x7f\x80-\x9f]', ' ', 'g'),
    origin = regexp_replace(origin, '[\x01-\x1f\x7f\x80-\x9f]', ' ', 'g')
  WHERE deleted;
ALTER TABLE engram.memories ENABLE TRIGGER USER;
DELETE FROM engram.conflicts WHERE type NOT IN ('project', 'reference')
  OR octet_length(description) + octet_length(body) > 65536
  OR NOT (engram.one_line(name) AND engram.one_line(description) AND engram.clean_text(body)
    AND engram.one_line(session) AND engram.one_line(origin) AND engram.clean_lines(paths)
    AND engram.clean_lines(supersedes));

ALTER TABLE engram.memories
  ADD CONSTRAINT memories_shared_types CHECK (type IN ('project', 'reference') OR (deleted AND body = '')),
  ADD CONSTRAINT memories_size CHECK (octet_length(description) + octet_length(body) <= 65536),
  ADD CONSTRAINT memories_clean_text CHECK (engram.one_line(name) AND engram.one_line(description)
    AND engram.clean_text(body) AND engram.one_line(session) AND engram.one_line(origin)
    AND engram.clean_lines(paths) AND engram.clean_lines(supersedes));
ALTER TABLE engram.conflicts
  ADD CONSTRAINT conflicts_shared_types CHECK (type IN ('project', 'reference')),
  ADD CONSTRAINT conflicts_size CHECK (octet_length(description) + octet_length(body) <= 65536),
  ADD CONSTRAINT conflicts_clean_text CHECK (engram.one_line(name) AND engram.one_line(description)
    AND engram.clean_text(body) AND engram.one_line(session) AND engram.one_line(origin)
    AND engram.clean_lines(paths) AND engram.clean_lines(supersedes));

-- The same rule as a policy, so that it holds even for a statement the trigger would not see the same way.
DROP POLICY memories_changed ON engram.memories;
CREATE POLICY memories_changed ON engram.memories FOR UPDATE TO engram_member
  USING (engram.role_rank(project_key) >= 1)
  WITH CHECK (engram.role_rank(project_key) >= 3 OR (engram.role_rank(project_key) >= 2 AND author = current_user));

GRANT INSERT (paths, supersedes, valid_until), UPDATE (paths, supersedes, valid_until) ON engram.memories
  TO engram_member;
GRANT INSERT (paths, supersedes, valid_until) ON engram.conflicts TO engram_member;
