package io.engram.team;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.config.TeamSettings;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemoryStore;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import io.engram.memory.TeamMirror;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The team memory of one project on this machine: the one entry point the CLI (and the resident service) use to
 * connect, share, sync, resolve and report. Changes go through the durable outbox first, so that with the
 * database down nothing is lost and the next sync sends them.
 */
public final class TeamMemory {
  private final TeamProject project;
  private final Path userHome;
  private final ChangeDelivery delivery;

  private TeamMemory(TeamProject project, Path userHome) {
    this.project = project;
    this.userHome = userHome;
    this.delivery = new ChangeDelivery(project, this::open);
  }

  /** The team memory of {@code roots.projectDir()}; refuses a project without a git remote. */
  public static TeamMemory of(EngramRoots roots, EngramSettings settings, Map<String, String> env, Clock clock)
      throws IOException {
    return new TeamMemory(TeamProject.of(roots, settings, env, clock), roots.userHome());
  }

  /**
   * What {@code connect} recorded and found.
   *
   * @param link the recorded connection
   * @param passwordFrom where the password comes from (never the password)
   * @param role the member's role in the project, when the database answered
   * @param unreachable why the database did not answer, if it did not (the connection is recorded anyway)
   * @param schemaInstalled whether the team schema is there (false until an administrator runs migrate; also
   *     false when the database did not answer)
   */
  public record Connected(TeamLink link, String passwordFrom, Optional<TeamRole> role, Optional<String> unreachable,
      boolean schemaInstalled) {}

  /** Records the team store at {@code url} for this project, and tries it once. */
  public Connected connect(String url, String loginName) throws IOException {
    TeamEndpoint endpoint = TeamEndpoint.parse(url, project.environment(), loginName);
    TeamLink link = new TeamLink(endpoint.url(), endpoint.user(), project.mirror().projectKey(),
        project.clock().instant());
    link.write(project.files().connection());
    TeamPassword password = TeamPassword.resolve(endpoint, project.environment(), userHome);
    try (TeamDatabase db = TeamDatabase.open(endpoint, password, project.team())) {
      if (!TeamSchema.installed(db)) {
        return new Connected(link, password.from(), Optional.empty(), Optional.empty(), false);
      }
      return new Connected(link, password.from(), new TeamStore(db, link.projectKey()).role(), Optional.empty(),
          true);
    } catch (TeamUnreachableException e) {
      return new Connected(link, password.from(), Optional.empty(), Optional.of(e.getMessage()), false);
    }
  }

  /** Installs or upgrades the team schema at the connected URL; the connected member must be an administrator. */
  public TeamSchema.Migration migrate() throws IOException {
    try (TeamDatabase db = open()) {
      return TeamSchema.migrate(db);
    }
  }

  /**
   * What a share did.
   *
   * @param name the memory
   * @param slug its identity in the team
   * @param state {@code shared} (in the team now), {@code removed} (gone from the team, kept there as a removal
   *     every mirror learns of), {@code queued} (the database is unreachable: it goes out at the next sync) or
   *     {@code conflict} (someone changed it since the version it was edited from; kept as a conflict), or
   *     {@code resolved} (a conflict settled, as the database recorded it)
   * @param version the team version it made, when shared, removed or resolved
   * @param detail why it was queued, or whom it conflicts with
   * @param redacted whether secrets were taken out before it left
   */
  public record Shared(String name, String slug, String state, Optional<Integer> version, Optional<String> detail,
      boolean redacted) {}

  /**
   * Shares the member's memory {@code name} with the team. {@code user} and {@code feedback} memories are personal
   * and refused (the database refuses them too, whatever a client sends); secrets are redacted again; a memory over {@code memory.maxMemoryBytes} is
   * refused. Throws {@link TeamRefusedException} when the database refuses it (no writer role, for one).
   */
  public Shared share(String name) throws IOException {
    TeamLink link = project.link();
    StoredMemory own = ownCopy(name);
    MemoryType type = own.memory().type();
    if (type == MemoryType.USER || type == MemoryType.FEEDBACK) {
      throw new IllegalArgumentException("'" + TeamMirror.teamName(own.name(), project.redactor()) + "' is a "
          + type.id() + " memory: personal, so never shared with the team (a team memory is a project or reference"
          + " memory)");
    }
    TeamContent content = TeamContent.of(own.memory(), project.origin(own.scope().name().toLowerCase(java.util.Locale.ROOT),
        own.path().getFileName().toString()), project.redactor());
    long bytes = content.body().getBytes(StandardCharsets.UTF_8).length
        + content.description().getBytes(StandardCharsets.UTF_8).length;
    long limit = project.settings().memory().maxMemoryBytes();
    if (bytes > limit) {
      throw new IllegalArgumentException("'" + content.name() + "' is " + bytes + " bytes; a team memory holds at most "
          + limit + " (memory.maxMemoryBytes): split it, then share the parts");
    }
    // The team knows it by its redacted name, so a secret in the name reaches neither the database nor a mirror's
    // file name, and the mirror finds the slug its name makes.
    String slug = MemoryNames.slug(content.name());
    SyncState state = SyncState.read(project.files().state());
    int base = Math.max(TeamMirror.version(own.memory()).orElse(0), state.bases().getOrDefault(slug, 0));
    PendingChange change = new PendingChange(UUID.randomUUID(), PendingChange.Kind.SHARE, slug, Optional.of(content),
        base, project.clock().instant(), Optional.empty(), Optional.empty());
    boolean redacted = !content.body().equals(TeamMirror.unattributed(own.memory().body()))
        || !content.description().equals(own.memory().description()) || !content.name().equals(own.name());
    return delivery.send(link, change, content.name(), redacted, "sharing needs writer");
  }

  /**
   * Removes team memory {@code name} from the team. Its author or a maintainer may; the database refuses anyone
   * else ({@link TeamRefusedException}) and audits the removal. It leaves this member's mirror at once and every
   * other member's at their next sync (the resident service's as soon as PostgreSQL notifies it). The removal is
   * made against the version the mirror holds: a memory someone changed since is not removed unseen. With the
   * database down it is queued like a share.
   */
  public Shared remove(String name) throws IOException {
    TeamLink link = project.link();
    String teamName = TeamMirror.teamName(name, project.redactor());
    String slug = MemoryNames.slug(teamName);
    int version = TeamSync.mirroredVersion(project, slug);
    if (version == 0) {
      throw new IllegalArgumentException("no team memory named '" + teamName + "' as of the last sync: engram list"
          + " shows the team's (scope team); run engram team sync to see the current ones");
    }
    PendingChange change = new PendingChange(UUID.randomUUID(), PendingChange.Kind.REMOVE, slug, Optional.empty(),
        version, project.clock().instant(), Optional.empty(), Optional.empty());
    return delivery.send(link, change, teamName, false, "removing needs its author or maintainer");
  }

  /** Pushes the outbox and pulls what changed; {@code full} pulls the whole project again. */
  public SyncReport sync(boolean full) throws IOException {
    return sync(full, step -> { });
  }

  /**
   * As {@link #sync(boolean)}, telling {@code step} each step as it starts (connecting, sending, pulling, reviewing),
   * so that a command can show where a slow sync is.
   */
  public SyncReport sync(boolean full, Consumer<String> step) throws IOException {
    TeamLink link = project.link();
    step.accept("connecting to " + link.url());
    try (TeamDatabase db = open(link)) {
      return new TeamSync(project, new TeamStore(db, link.projectKey())).sync(full, step);
    } catch (TeamUnreachableException e) {
      SyncState state = SyncState.read(project.files().state());
      state.attempted(project.clock().instant(), Optional.of(e.getMessage())).write(project.files().state());
      throw e;
    }
  }

  /** How a conflict is settled. */
  public enum Resolution {
    /** Keep the team's version; the losing edit is dropped (and the member's copy of it goes to the trash). */
    TEAM("team"),
    /** Take the losing edit as the team's next version. */
    CONFLICT("conflict"),
    /** Take the member's own local copy as the team's next version. */
    LOCAL("local");

    private final String id;

    Resolution(String id) {
      this.id = id;
    }

    /** The spelling in the database. */
    public String id() {
      return id;
    }
  }

  /** Settles the oldest open conflict on {@code name} (as the last sync saw it) by {@code how}. */
  public Shared resolve(String name, Resolution how) throws IOException {
    TeamLink link = project.link();
    String teamName = TeamMirror.teamName(name, project.redactor());
    String slug = MemoryNames.slug(teamName);
    TeamConflict conflict = ConflictFiles.read(project.files().conflicts()).stream()
        .filter(c -> c.slug().equals(slug)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no open conflict on '" + teamName + "' as of the last sync;"
            + " run engram team sync to see the current ones (engram team status lists them)"));
    TeamContent content = switch (how) {
      case TEAM, CONFLICT -> conflict.content();
      case LOCAL -> TeamContent.of(ownCopy(name).memory(), conflict.content().origin(), project.redactor());
    };
    int base = Math.max(TeamSync.mirroredVersion(project, slug), conflict.teamVersion());
    PendingChange change = new PendingChange(UUID.randomUUID(), PendingChange.Kind.RESOLVE, slug,
        Optional.of(content), base, project.clock().instant(), Optional.of(conflict.id()), Optional.of(how.id()));
    return delivery.send(link, change, teamName, false, "resolving needs writer");
  }

  /**
   * Where the project's team memory stands, from this machine's files alone (it works offline).
   *
   * @param link the recorded connection, if any
   * @param projectKey the project's key in the team
   * @param mirror the mirror directory
   * @param lastSync when a sync last finished
   * @param lastAttempt when one was last tried
   * @param lastError why the last try failed
   * @param teamMemories how many team memories the mirror holds
   * @param pending the changes queued for the database: kind and memory
   * @param refused the changes the database refused, with the reason
   * @param conflicts the open conflicts as of the last sync
   * @param proposals what the last review proposes
   */
  public record Status(Optional<TeamLink> link, String projectKey, Path mirror, Optional<Instant> lastSync,
      Optional<Instant> lastAttempt, Optional<String> lastError, int teamMemories, List<String> pending,
      List<String> refused, List<String> conflicts, List<String> proposals) {}

  /** Whether a team store is recorded for this project ({@code engram team connect}); reads one local file. */
  public boolean connected() throws IOException {
    return TeamLink.read(project.files().connection()).isPresent();
  }

  /** The status, read from local files only. */
  public Status status() throws IOException {
    Optional<TeamLink> link = TeamLink.read(project.files().connection());
    SyncState state = SyncState.read(project.files().state());
    Outbox outbox = new Outbox(project.files());
    List<String> pending = outbox.read().entries().stream()
        .map(e -> e.change().kind().name().toLowerCase(java.util.Locale.ROOT) + " " + e.change().slug()).toList();
    List<String> refused = outbox.refused().stream().map(r -> r.change().slug() + ": " + r.reason()).toList();
    List<String> conflicts = ConflictFiles.read(project.files().conflicts()).stream()
        .map(c -> c.slug() + ": " + c.author() + "'s edit of version " + c.baseVersion() + " lost to version "
            + c.teamVersion() + " (conflict " + c.id() + ")").toList();
    return new Status(link, project.mirror().projectKey(), project.mirror().directory(), state.lastSync(),
        state.lastAttempt(), state.lastError(), TeamSync.count(project.mirror().directory()), pending, refused,
        conflicts, state.proposals().stream().map(SyncState.Proposal::text).toList());
  }

  private StoredMemory ownCopy(String name) throws IOException {
    for (MemoryStore store : List.of(project.memory().project(), project.memory().user())) {
      Optional<StoredMemory> found = LocalCopies.find(store, name, project.redactor());
      if (found.isPresent()) {
        return found.get();
      }
    }
    // What is said back names the memory as the team does: the name as typed may hold a secret.
    String teamName = TeamMirror.teamName(name, project.redactor());
    if (project.memory().team().isPresent() && project.memory().team().get().read(name).isPresent()) {
      throw new IllegalArgumentException("'" + teamName + "' is already a team memory and you have no version of"
          + " your own: change it with engram edit " + teamName + ", then share it");
    }
    throw new IllegalArgumentException("no memory named '" + teamName + "' in " + project.memory().project()
        + " or the user store");
  }

  /** The project's key in the team store, as recorded by connect. */
  String projectKey() throws IOException {
    return project.link().projectKey();
  }

  /** A plain connection (no pool) as the member, for LISTEN: the watcher holds it as long as it runs. */
  java.sql.Connection listeningConnection() throws IOException {
    TeamLink link = project.link();
    TeamEndpoint endpoint = TeamEndpoint.parse(link.url(), project.environment(), link.member());
    return TeamDatabase.plainConnection(endpoint, TeamPassword.resolve(endpoint, project.environment(), userHome),
        project.team());
  }

  TeamSettings settings() {
    return project.team();
  }

  private TeamDatabase open() throws IOException {
    return open(project.link());
  }

  private TeamDatabase open(TeamLink link) throws IOException {
    TeamEndpoint endpoint = TeamEndpoint.parse(link.url(), project.environment(), link.member());
    return TeamDatabase.open(endpoint, TeamPassword.resolve(endpoint, project.environment(), userHome),
        project.team());
  }
}
