package io.engram.fs;

import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where everything lives under Engram's home: the one place a file name under the home is put together. Every
 * package asks it (a session's state, a project's index, the locks, the service's files) rather than resolving names
 * of its own, so the layout can be read, and changed, here.
 *
 * <pre>
 * settings.json                the user's settings
 * model-usage.json             the day's model token ledger (its lock beside it)
 * locks/NAME.lock              locks of work that spans files (install, quick-add, Claude's settings)
 * models/                      embedding models that do not ship in engram.jar; native/ ONNX Runtime's libraries
 * lib/                         the installed jar and its record
 * service/                     the resident service's files
 * user/memory/                 the user's memories
 * projects/KEY/                one project: memory/, team/, index/MODE/, history/, conversations/, inbox/
 * sessions/ID/                 one agent session: session.json (its ledger) and the files of its notes,
 *                              compaction and injections
 * </pre>
 *
 * @param home Engram's home
 */
public record HomeLayout(Path home) {
  private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

  public HomeLayout {
    Objects.requireNonNull(home, "home");
  }

  /** The layout of the home {@code home}. */
  public static HomeLayout of(Path home) {
    return new HomeLayout(home);
  }

  /** {@code settings.json}. */
  public Path settingsFile() {
    return home.resolve("settings.json");
  }

  /** {@code model-usage.json}: the day's token ledger. */
  public Path usageLedger() {
    return home.resolve("model-usage.json");
  }

  /** The lock of the token ledger. */
  public Path usageLock() {
    return home.resolve(".model-usage.json.lock");
  }

  /** {@code locks/}: locks of work that spans files. */
  public Path locks() {
    return home.resolve("locks");
  }

  /** {@code locks/NAME.lock}. */
  public Path lock(String name) {
    return locks().resolve(name + ".lock");
  }

  /** {@code models/}: embedding models that do not ship in engram.jar, and ONNX Runtime's native libraries. */
  public Path models() {
    return home.resolve("models");
  }

  /** {@code lib/}: the installed jar and the record of what {@code engram install} wrote. */
  public Path lib() {
    return home.resolve("lib");
  }

  /** {@code service/}: the resident service's files. */
  public Path service() {
    return home.resolve("service");
  }

  /** {@code user/memory/}: the user's memories, shared by every project. */
  public Path userMemory() {
    return home.resolve("user").resolve("memory");
  }

  /**
   * {@code approved-imports.jsonl}: the imports from a project's instruction files to files outside its repository
   * that the person approved, one JSON line each.
   */
  public Path approvedImports() {
    return home.resolve("approved-imports.jsonl");
  }

  /** The lock of {@link #approvedImports()}. */
  public Path approvedImportsLock() {
    return lock("approved-imports");
  }

  /** {@code projects/}. */
  public Path projects() {
    return home.resolve("projects");
  }

  /** The files of the project whose key is {@code key}. */
  public Project project(String key) {
    return new Project(projects().resolve(key));
  }

  /** {@code sessions/}. */
  public Path sessions() {
    return home.resolve("sessions");
  }

  /**
   * The files of the session {@code sessionId}. Session ids come from transcripts and hook input, so they are
   * checked before they become a path: letters, digits, {@code .}, {@code _} and {@code -} only, at most 128
   * characters, not {@code .} or {@code ..}, and no token of a known secret format (a Claude Code session id, a
   * UUID, always passes).
   *
   * @throws IllegalArgumentException for an id that is not safe in a path
   */
  public Session session(String sessionId) {
    if (!SAFE_ID.matcher(sessionId).matches() || sessionId.equals(".") || sessionId.equals("..")) {
      throw new IllegalArgumentException("session id '" + sessionId
          + "' cannot name a directory (letters, digits, '.', '_' and '-' only, at most 128)");
    }
    // Secrets never reach disk, file names included: a token of a known format (ghp_..., sk-..., AKIA...) is
    // refused, unquoted. A random-looking id alone is not, since agents' own session ids can look like one.
    Optional<SecretKind> secret = SecretRedactor.standard().redact(sessionId).kinds().stream()
        .filter(k -> !k.equals(SecretKind.HIGH_ENTROPY)).findFirst();
    if (secret.isPresent()) {
      throw new IllegalArgumentException("a session id holding a secret (" + secret.get().label()
          + ") cannot name a directory");
    }
    return new Session(sessionId, sessions().resolve(sessionId));
  }

  /**
   * One project's files under the home.
   *
   * @param dir {@code projects/KEY/}
   */
  public record Project(Path dir) {
    /** {@code memory/}: the project's memories. */
    public Path memory() {
      return dir.resolve("memory");
    }

    /** {@code team/}: the team store's connection, state, outbox and read-only mirror. */
    public Path team() {
      return dir.resolve("team");
    }

    /** {@code team/memory/}: the read-only mirror of the team's memories. */
    public Path teamMemory() {
      return team().resolve("memory");
    }

    /** {@code index/MODE/}: recall's index in one mode (keywords, or keywords and a model's vectors). */
    public Path index(String mode) {
      return dir.resolve("index").resolve(mode);
    }

    /** {@code history/}: the index and catalogue of past sessions. */
    public Path history() {
      return dir.resolve("history");
    }

    /** {@code conversations/}: the conversations a Java framework's agent keeps. */
    public Path conversations() {
      return dir.resolve("conversations");
    }

    /** {@code inbox/}: what extraction and the dream propose, waiting for the person's review. */
    public Path inbox() {
      return dir.resolve("inbox");
    }
  }

  /**
   * One session's files under the home.
   *
   * @param id the session id
   * @param dir {@code sessions/ID/}
   */
  public record Session(String id, Path dir) {
    /** {@code session.json}: the session's ledger, one section per concern ({@link SessionLedger}). */
    public Path ledger() {
      return dir.resolve("session.json");
    }

    /** The one lock of the ledger. */
    public Path ledgerLock() {
      return dir.resolve("session.lock");
    }

    /** {@code extraction.lock}: held while an extraction pass reads the session, so two never run at once. */
    public Path extractionLock() {
      return dir.resolve("extraction.lock");
    }

    /** {@code notes.md}: the session notes. */
    public Path notes() {
      return dir.resolve("notes.md");
    }

    /** {@code notes-state.json}: what the notes cover, written with them. */
    public Path notesState() {
      return dir.resolve("notes-state.json");
    }

    /** Notes set aside when notes of another transcript replaced them, stamped {@code stamp}. */
    public Path notesReplaced(String stamp) {
      return dir.resolve("notes.replaced-" + stamp + ".md");
    }

    /** A notes state set aside when its notes were replaced, stamped {@code stamp}. */
    public Path notesStateReplaced(String stamp) {
      return dir.resolve("notes-state.replaced-" + stamp + ".json");
    }

    /** {@code notes-progress.json}: how far the notes' schedule has read the transcript. */
    public Path notesProgress() {
      return dir.resolve("notes-progress.json");
    }

    /** {@code notes.lock}: held while the notes are updated. */
    public Path notesLock() {
      return dir.resolve("notes.lock");
    }

    /** {@code prepared-compaction.json}: the compaction prepared at the 80% level. */
    public Path preparedCompaction() {
      return dir.resolve("prepared-compaction.json");
    }

    /** {@code restart-context.md}: what an agent continues from after the prepared compaction. */
    public Path restartContext() {
      return dir.resolve("restart-context.md");
    }

    /** {@code prepared-compaction.lock}: held while the prepared compaction is written or taken. */
    public Path preparedLock() {
      return dir.resolve("prepared-compaction.lock");
    }

    /** {@code injections.jsonl}: what each hook injected, for people looking later. */
    public Path injections() {
      return dir.resolve("injections.jsonl");
    }

    /** {@code injections.lock}. */
    public Path injectionsLock() {
      return dir.resolve("injections.lock");
    }

    /** {@code opencode-session.json}: the session Engram's OpenCode plugin handed to a hook, redacted. */
    public Path openCodeSession() {
      return dir.resolve("opencode-session.json");
    }

    /** {@code opencode-session.lock}: held while the OpenCode session is replaced. */
    public Path openCodeSessionLock() {
      return dir.resolve("opencode-session.lock");
    }

    /**
     * A state file an earlier version kept beside the ledger ({@code hook-state.json}, {@code recall-state.json},
     * ...), read once for a section the ledger does not hold yet.
     */
    public Path legacyState(String name) {
      return dir.resolve(name);
    }
  }
}
