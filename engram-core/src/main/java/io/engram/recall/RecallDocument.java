package io.engram.recall;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One memory as recall sees it: what is searched (name, description, body), what ranks it (its
 * {@link Activity}) and what excludes it (superseded).
 *
 * <p>The memory store's topic files map onto this record; {@code id} is the stable key the index
 * uses (the topic file name), {@code paths} the files or symbols the memory names.
 *
 * @param id stable key, unique within one index (e.g. {@code testing-needs-redis.md})
 * @param name the frontmatter name
 * @param description the one-line frontmatter description the manifest shows
 * @param body the Markdown body, what recall injects
 * @param type the memory type ({@code user}, {@code feedback}, {@code project}, {@code reference})
 * @param activity when it last changed and how recall has used it, which its hotness comes from
 * @param superseded whether a newer memory replaced it (kept on disk, never recalled)
 * @param paths files or symbols the memory names
 * @param context text searched and embedded with the document but not its own words (a past turn's neighbouring
 *     turns); empty for a memory. Recall's last stage ({@link FeatureRescoring}) tells a match in the document's
 *     own text from one that only rides on its context
 * @param group the group the document belongs to (a past turn's session), empty for a memory: the last stage lifts
 *     a document whose group holds the best match, since the turns that answer a question tend to share a session
 * @param follows the id of the document just before this one in its group (the turn it replies to), empty when
 *     none: the last stage lifts the reply to a question that matched
 */
public record RecallDocument(
    String id,
    String name,
    String description,
    String body,
    String type,
    Activity activity,
    boolean superseded,
    List<String> paths,
    String context,
    String group,
    String follows) {

  /** Validates and copies. */
  public RecallDocument {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("recall document id is blank");
    }
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(activity, "activity");
    if (activity.recallCount() < 0) {
      throw new IllegalArgumentException("recallCount of " + id + " is negative: " + activity.recallCount());
    }
    paths = List.copyOf(paths);
    Objects.requireNonNull(context, "context");
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(follows, "follows");
  }

  /** A document without context or group (every memory). */
  public RecallDocument(String id, String name, String description, String body, String type, Activity activity,
      boolean superseded, List<String> paths) {
    this(id, name, description, body, type, activity, superseded, paths, "", "", "");
  }

  /**
   * When a memory last changed and how recall has used it.
   *
   * @param updated when the memory last changed
   * @param lastRecalled when recall last surfaced it, if ever
   * @param recallCount how many times recall surfaced it
   */
  public record Activity(Instant updated, Optional<Instant> lastRecalled, int recallCount) {
    public Activity {
      Objects.requireNonNull(updated, "updated");
      Objects.requireNonNull(lastRecalled, "lastRecalled");
    }

    /** Changed at {@code updated}, never recalled. */
    public static Activity since(Instant updated) {
      return new Activity(updated, Optional.empty(), 0);
    }
  }

  /** A fresh, never recalled, current document; convenient for tests and benchmarks. */
  public static RecallDocument of(String id, String name, String description, String body, Instant updated) {
    return new RecallDocument(id, name, description, body, "project", Activity.since(updated), false, List.of());
  }

  /** The text that is searched and embedded: name, description, body and context, one per line. */
  public String searchText() {
    return name + "\n" + description + "\n" + indexedBody();
  }

  /** The body as the index holds it: the body, and the context on the lines after it. */
  public String indexedBody() {
    return context.isEmpty() ? body : body + "\n" + context;
  }

  /** The document's own words: name, description and body, without its context. */
  public String ownText() {
    return name + "\n" + description + "\n" + body;
  }

  /** The same document carrying {@code text} as its context. */
  public RecallDocument withContext(String text) {
    return new RecallDocument(id, name, description, body, type, activity, superseded, paths, text, group, follows);
  }

  /**
   * The same document in the group {@code name} (a past turn's session), after the document {@code previous} (its
   * id, or empty for the group's first).
   */
  public RecallDocument inGroup(String name, String previous) {
    return new RecallDocument(id, this.name, description, body, type, activity, superseded, paths, context, name,
        previous);
  }

  /**
   * A hash of everything the index stores for this document (the searched text and the type), so an
   * index can tell a changed document from an unchanged one without re-reading or re-embedding it.
   */
  public String contentHash() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : List.of(type, name, description, body)) {
        sha.update(part.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
      if (!context.isEmpty()) { // only then: a memory's hash stays what it was before documents had context
        sha.update(context.getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** A copy marked as surfaced at {@code when}: last recalled set, recall count one higher. */
  public RecallDocument recalledAt(Instant when) {
    Activity used = new Activity(activity.updated(), Optional.of(when), activity.recallCount() + 1);
    return new RecallDocument(id, name, description, body, type, used, superseded, paths, context, group, follows);
  }
}
