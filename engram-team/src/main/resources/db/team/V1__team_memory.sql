-- Team memory: the shared store of a team's project and reference memories, per project.
--
-- Who may do what is the database's business, not the client's: every member logs in as a PostgreSQL role of
-- their own that belongs to the group role engram_member, and row-level security lets them read, share, change
-- or remove by the role they hold in each project (engram.members: reader < writer < maintainer). Authors,
-- versions and the change sequence are stamped by triggers from current_user, so a client cannot forge them,
-- and every share, change, removal, conflict, resolution, grant and revocation is written to engram.audit_log
-- by triggers that run as the schema's owner: members can read their projects' log but never write it.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'engram_member') THEN
    CREATE ROLE engram_member NOLOGIN;
  END IF;
END
$$;

GRANT USAGE ON SCHEMA engram TO engram_member;

-- Project keys are Engram's project keys (the normalised git remote, sanitized): letters, digits and dashes.
CREATE DOMAIN engram.project_key AS text CHECK (VALUE ~ '^[A-Za-z0-9-]+$' AND length(VALUE) <= 300);

CREATE TABLE engram.members (
  project_key engram.project_key NOT NULL,
  member name NOT NULL,
  role text NOT NULL CHECK (role IN ('reader', 'writer', 'maintainer')),
  granted_by name NOT NULL DEFAULT current_user,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_key, member)
);

-- The caller's role in a project as a rank: 0 none, 1 reader, 2 writer, 3 maintainer. It runs with the caller's
-- rights; the members table is readable by every member, so the policies that call it never recurse.
CREATE FUNCTION engram.role_rank(p_project text) RETURNS integer
LANGUAGE sql STABLE
AS $$
  SELECT coalesce(max(CASE role WHEN 'reader' THEN 1 WHEN 'writer' THEN 2 WHEN 'maintainer' THEN 3 END), 0)
  FROM engram.members
  WHERE project_key = p_project AND member = current_user
$$;

-- True for the schema's owner (and roles that belong to it): administrators, who bypass row-level security.
CREATE FUNCTION engram.is_admin() RETURNS boolean
LANGUAGE sql STABLE
AS $$
  SELECT pg_has_role(current_user, n.nspowner, 'MEMBER') FROM pg_namespace n WHERE n.nspname = 'engram'
$$;

-- Writes of one project are serialised by this lock, taken before a change number is drawn and held to the
-- commit: change numbers of a project then commit in order, so "everything after change N" is an exact cursor.
-- Clients take it first in every write transaction (before any row lock), which rules out lock-order deadlocks.
CREATE FUNCTION engram.lock_project(p_project text) RETURNS void
LANGUAGE sql
AS $$
  SELECT pg_advisory_xact_lock(hashtextextended('engram.project:' || p_project, 0))
$$;

CREATE SEQUENCE engram.change_seq;

CREATE TABLE engram.memories (
  project_key engram.project_key NOT NULL,
  slug text NOT NULL CHECK (length(slug) BETWEEN 1 AND 80 AND slug = lower(slug) AND slug !~ '[/\\.[:space:]]'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  type text NOT NULL CHECK (type IN ('user', 'feedback', 'project', 'reference')),
  description text NOT NULL DEFAULT '',
  body text NOT NULL,
  source text CHECK (source IN ('user', 'model', 'tool', 'import')),
  session text,
  origin text NOT NULL DEFAULT '',
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  author name NOT NULL DEFAULT current_user,
  updated_by name NOT NULL DEFAULT current_user,
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  deleted boolean NOT NULL DEFAULT false,
  change_id uuid NOT NULL,
  change_seq bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (project_key, slug)
);
CREATE INDEX memories_by_change ON engram.memories (project_key, change_seq);

COMMENT ON COLUMN engram.memories.origin IS 'where it was shared from: machine and local store of the first share';
COMMENT ON COLUMN engram.memories.fields IS 'the rest of the frontmatter: paths, supersedes, validUntil, unknown keys';
COMMENT ON COLUMN engram.memories.change_id IS 'the client''s id of the change that made this version: a retry is recognised';
COMMENT ON COLUMN engram.memories.change_seq IS 'drawn under the project lock at every change: the sync cursor';

CREATE FUNCTION engram.memories_stamp() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM engram.lock_project(NEW.project_key);
  IF TG_OP = 'INSERT' THEN
    NEW.author := current_user;
    NEW.version := 1;
    NEW.created_at := least(coalesce(NEW.created_at, now()), now());
  ELSE
    IF NEW.project_key IS DISTINCT FROM OLD.project_key OR NEW.slug IS DISTINCT FROM OLD.slug THEN
      RAISE EXCEPTION 'a team memory keeps its project and name (%)', OLD.slug USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.deleted AND NOT OLD.deleted AND OLD.author <> current_user
        AND engram.role_rank(OLD.project_key) < 3 AND NOT engram.is_admin() THEN
      RAISE EXCEPTION 'only its author (%) or a maintainer can remove team memory %', OLD.author, OLD.slug
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.author := OLD.author;
    NEW.created_at := OLD.created_at;
    NEW.version := OLD.version + 1;
  END IF;
  NEW.updated_by := current_user;
  NEW.updated_at := now();
  NEW.change_seq := nextval('engram.change_seq');
  RETURN NEW;
END
$$;
CREATE TRIGGER memories_stamp BEFORE INSERT OR UPDATE ON engram.memories
  FOR EACH ROW EXECUTE FUNCTION engram.memories_stamp();

-- A change that lost a race: the edit is kept here, beside the version it lost to, until someone resolves it.
CREATE TABLE engram.conflicts (
  id bigserial PRIMARY KEY,
  project_key engram.project_key NOT NULL,
  slug text NOT NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('user', 'feedback', 'project', 'reference')),
  description text NOT NULL DEFAULT '',
  body text NOT NULL,
  source text CHECK (source IN ('user', 'model', 'tool', 'import')),
  session text,
  origin text NOT NULL DEFAULT '',
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  base_version integer NOT NULL CHECK (base_version >= 0),
  team_version integer NOT NULL CHECK (team_version >= 1),
  author name NOT NULL DEFAULT current_user,
  created_at timestamptz NOT NULL DEFAULT now(),
  change_id uuid NOT NULL UNIQUE,
  resolution text CHECK (resolution IN ('team', 'conflict', 'local')),
  resolved_by name,
  resolved_at timestamptz
);
CREATE INDEX conflicts_open ON engram.conflicts (project_key, slug) WHERE resolution IS NULL;

CREATE FUNCTION engram.conflicts_stamp() RETURNS trigger
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
    RAISE EXCEPTION 'conflict % on % is already resolved', OLD.id, OLD.slug USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.author <> current_user AND engram.role_rank(OLD.project_key) < 3 AND NOT engram.is_admin() THEN
    RAISE EXCEPTION 'only its author (%) or a maintainer can resolve conflict % on %', OLD.author, OLD.id, OLD.slug
      USING ERRCODE = 'insufficient_privilege';
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
CREATE TRIGGER conflicts_stamp BEFORE INSERT OR UPDATE ON engram.conflicts
  FOR EACH ROW EXECUTE FUNCTION engram.conflicts_stamp();

CREATE FUNCTION engram.members_stamp() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.granted_by := current_user;
  NEW.granted_at := now();
  RETURN NEW;
END
$$;
CREATE TRIGGER members_stamp BEFORE INSERT OR UPDATE ON engram.members
  FOR EACH ROW EXECUTE FUNCTION engram.members_stamp();

-- The audit log. Only the triggers below write it; they run as the schema's owner (SECURITY DEFINER), so a
-- member can neither skip nor forge an entry. The actor comes from the row, stamped with the member's
-- current_user by the BEFORE triggers above (inside these functions current_user is the owner).
CREATE TABLE engram.audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor name NOT NULL,
  project_key engram.project_key NOT NULL,
  subject text NOT NULL,
  action text NOT NULL CHECK (action IN ('share', 'change', 'remove', 'restore', 'conflict', 'resolve', 'grant',
    'revoke')),
  version integer,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_by_project ON engram.audit_log (project_key, id);

CREATE FUNCTION engram.audit_memory() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  INSERT INTO engram.audit_log (actor, project_key, subject, action, version, detail)
  VALUES (NEW.updated_by, NEW.project_key, NEW.slug,
    CASE
      WHEN TG_OP = 'INSERT' THEN 'share'
      WHEN NEW.deleted AND NOT OLD.deleted THEN 'remove'
      WHEN OLD.deleted AND NOT NEW.deleted THEN 'restore'
      ELSE 'change'
    END,
    NEW.version,
    jsonb_build_object('name', NEW.name, 'type', NEW.type, 'change_id', NEW.change_id));
  -- The payload names the project by a hash: every listener on the channel hears it, members of other
  -- projects too, and they learn nothing from it.
  PERFORM pg_notify('engram_team', md5(NEW.project_key));
  RETURN NULL;
END
$$;
CREATE TRIGGER memories_audit AFTER INSERT OR UPDATE ON engram.memories
  FOR EACH ROW EXECUTE FUNCTION engram.audit_memory();

CREATE FUNCTION engram.audit_conflict() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  INSERT INTO engram.audit_log (actor, project_key, subject, action, version, detail)
  VALUES (CASE WHEN TG_OP = 'INSERT' THEN NEW.author ELSE NEW.resolved_by END, NEW.project_key, NEW.slug,
    CASE WHEN TG_OP = 'INSERT' THEN 'conflict' ELSE 'resolve' END,
    NEW.team_version,
    jsonb_build_object('conflict', NEW.id, 'base_version', NEW.base_version, 'resolution', NEW.resolution));
  PERFORM pg_notify('engram_team', md5(NEW.project_key));
  RETURN NULL;
END
$$;
CREATE TRIGGER conflicts_audit AFTER INSERT OR UPDATE ON engram.conflicts
  FOR EACH ROW EXECUTE FUNCTION engram.audit_conflict();

CREATE FUNCTION engram.audit_member() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- No row carries the revoker: the session's login role is the best witness there is.
    INSERT INTO engram.audit_log (actor, project_key, subject, action, detail)
    VALUES (session_user, OLD.project_key, OLD.member, 'revoke', jsonb_build_object('role', OLD.role));
    RETURN NULL;
  END IF;
  INSERT INTO engram.audit_log (actor, project_key, subject, action, detail)
  VALUES (NEW.granted_by, NEW.project_key, NEW.member, 'grant', jsonb_build_object('role', NEW.role));
  RETURN NULL;
END
$$;
CREATE TRIGGER members_audit AFTER INSERT OR UPDATE OR DELETE ON engram.members
  FOR EACH ROW EXECUTE FUNCTION engram.audit_member();

REVOKE ALL ON FUNCTION engram.audit_memory(), engram.audit_conflict(), engram.audit_member() FROM PUBLIC;

-- Row-level security. The owner (the administrator who runs the migrations) is not bound by it.
ALTER TABLE engram.members ENABLE ROW LEVEL SECURITY;
CREATE POLICY members_visible ON engram.members FOR SELECT TO engram_member USING (true);
CREATE POLICY members_granted ON engram.members FOR INSERT TO engram_member
  WITH CHECK (engram.role_rank(project_key) >= 3);
CREATE POLICY members_changed ON engram.members FOR UPDATE TO engram_member
  USING (engram.role_rank(project_key) >= 3) WITH CHECK (engram.role_rank(project_key) >= 3);
CREATE POLICY members_revoked ON engram.members FOR DELETE TO engram_member
  USING (engram.role_rank(project_key) >= 3);

ALTER TABLE engram.memories ENABLE ROW LEVEL SECURITY;
CREATE POLICY memories_read ON engram.memories FOR SELECT TO engram_member
  USING (engram.role_rank(project_key) >= 1);
CREATE POLICY memories_shared ON engram.memories FOR INSERT TO engram_member
  WITH CHECK (engram.role_rank(project_key) >= 2);
-- A reader sees the row, so an update of it fails the check with an error instead of touching nothing.
CREATE POLICY memories_changed ON engram.memories FOR UPDATE TO engram_member
  USING (engram.role_rank(project_key) >= 1) WITH CHECK (engram.role_rank(project_key) >= 2);

ALTER TABLE engram.conflicts ENABLE ROW LEVEL SECURITY;
CREATE POLICY conflicts_read ON engram.conflicts FOR SELECT TO engram_member
  USING (engram.role_rank(project_key) >= 1);
CREATE POLICY conflicts_recorded ON engram.conflicts FOR INSERT TO engram_member
  WITH CHECK (engram.role_rank(project_key) >= 2);
CREATE POLICY conflicts_resolved ON engram.conflicts FOR UPDATE TO engram_member
  USING (engram.role_rank(project_key) >= 1) WITH CHECK (engram.role_rank(project_key) >= 2);

ALTER TABLE engram.audit_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY audit_read ON engram.audit_log FOR SELECT TO engram_member
  USING (engram.role_rank(project_key) >= 1);

-- What members may touch at all; the policies and triggers above narrow it per project and row.
GRANT SELECT, INSERT (project_key, member, role), UPDATE (role), DELETE ON engram.members TO engram_member;
GRANT SELECT,
  INSERT (project_key, slug, name, type, description, body, source, session, origin, fields, created_at, deleted,
    change_id),
  UPDATE (name, type, description, body, source, session, origin, fields, deleted, change_id)
  ON engram.memories TO engram_member;
GRANT SELECT,
  INSERT (project_key, slug, name, type, description, body, source, session, origin, fields, base_version,
    team_version, change_id),
  UPDATE (resolution)
  ON engram.conflicts TO engram_member;
GRANT SELECT ON engram.audit_log TO engram_member;
GRANT USAGE ON SEQUENCE engram.change_seq, engram.conflicts_id_seq TO engram_member;
GRANT EXECUTE ON FUNCTION engram.role_rank(text), engram.is_admin(), engram.lock_project(text) TO engram_member;
