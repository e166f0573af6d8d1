package io.engram.instructions;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A file that was skipped, or loaded with a caveat, and why: the ledger's "left out" half.
 *
 * @param path the file concerned
 * @param kind what happened
 * @param message a sentence for people, naming the path
 * @param importedFrom the import chain that led here (empty when the file was found by traversal)
 */
public record LoadWarning(Path path, Kind kind, String message, List<Path> importedFrom) {

  public LoadWarning {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
    importedFrom = List.copyOf(importedFrom);
  }

  /** The closed set of reasons a file is skipped or flagged. */
  public enum Kind {
    /** Loaded in full, but larger than the configured warning size. */
    OVERSIZED(true),
    /** An {@code @path} import names a file that does not exist. */
    MISSING_IMPORT(false),
    /**
     * A project file (one checked into a repository) imports a file outside that repository, and the person has not
     * approved it ({@link ImportApprovals}); not followed.
     */
    EXTERNAL_IMPORT(false),
    /** An import leads back to a file already on the import chain; not followed. */
    IMPORT_CYCLE(false),
    /** An import lies deeper than the configured maximum number of hops; not followed. */
    MAX_DEPTH(false),
    /** The file was already loaded earlier in this load or session; not loaded twice. */
    DUPLICATE(false),
    /** The file holds NUL bytes: treated as binary and skipped. */
    BINARY(false),
    /** The file is not valid UTF-8; skipped. */
    NOT_UTF8(false),
    /** The file exists but could not be read (permissions, I/O error). */
    UNREADABLE(false),
    /** A symbolic link that leads back to itself. */
    SYMLINK_LOOP(false),
    /** A symbolic link whose target does not exist. */
    BROKEN_LINK(false),
    /** The path names a directory or a special file, not a regular file. */
    NOT_A_FILE(false);

    private final boolean loaded;

    Kind(boolean loaded) {
      this.loaded = loaded;
    }

    /** True when the file was still loaded despite this warning; false when it was left out. */
    public boolean loaded() {
      return loaded;
    }
  }
}
