package io.engram.ui;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.config.UiSettings;
import io.engram.memory.ChangedBy;
import io.engram.memory.Forgotten;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryEdit;
import io.engram.memory.MemoryListing;
import io.engram.memory.MemorySource;
import io.engram.memory.MemoryType;
import io.engram.memory.MemoryVersion;
import io.engram.memory.NoSuchMemoryException;
import io.engram.memory.ProjectMemory;
import io.engram.memory.Saved;
import io.engram.memory.StoredMemory;
import io.engram.memory.TrashedMemory;
import io.engram.recall.MemoryRecall;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The memory part of the UI's JSON API (under {@code /ui/api/}), over one project: the list (search, filters,
 * pages), one memory with its provenance and its versions ({@link ProjectMemory#history}) or, for a name a dream
 * merged away, the memory it went into ({@link MergedInto}), the trash, and the four changes a person makes
 * (create, edit, forget, restore a trash entry by its id), each through the same core call as the command line's.
 */
final class MemoryApi {
  private final UiProject project;
  private final UiSettings settings;

  MemoryApi(UiProject project, UiSettings settings) {
    this.project = project;
    this.settings = settings;
  }

  /** Which project the session shows and where its memories live. */
  record ProjectInfo(String directory, String projectMemory, String userMemory) {}

  /**
   * One memory in full: its fields, its provenance (the session and transcript message it was written from), its
   * body rendered, and the file's text for editing.
   */
  record Detail(MemoryRows.Row memory, String path, Optional<Instant> created, Optional<String> session,
      Optional<String> turn, List<String> supersedes, Optional<String> supersededBy, Optional<Instant> validUntil,
      List<String> paths, Map<String, Object> otherFields, String bodyHtml, String text) {}

  /** A name that is no memory now because a dream merged it into another: which one, and which run did it. */
  record Merged(String name, String into, String run) {}

  /** One version of a memory: when, by what, the change, and the diff to the version before it. */
  record VersionRow(int number, Instant at, String by, String change, String diff) {}

  /** A memory's versions, newest first. */
  record History(String name, List<VersionRow> versions) {}

  /** A memory in the trash; {@code id} names this entry whatever other entries have its name. */
  record Trashed(String id, String name, String type, String scope, String description, Instant trashedAt) {}

  /** What an edit saved. */
  record Edited(String name, String path, List<String> redacted) {}

  void answer(UiExchange x, String route) throws IOException, UiExchange.Refusal {
    boolean get = x.method().equals("GET") || x.method().equals("HEAD");
    switch (route) {
      case "project" -> requireGet(get, () -> x.json(200, info()));
      case "memories" -> requireGet(get, () -> x.json(200, list(x)));
      case "memory" -> requireGet(get, () -> x.json(200, detail(x.param("name")
          .orElseThrow(() -> new UiExchange.Refusal(400, "name a memory: ?name=...")))));
      case "memory/create" -> requirePost(get, () -> x.json(200, create(x.jsonBody(settings.maxRequestBytes()))));
      case "memory/history" -> requireGet(get, () -> x.json(200, history(x.param("name")
          .orElseThrow(() -> new UiExchange.Refusal(400, "name a memory: ?name=...")))));
      case "trash" -> requireGet(get, () -> x.json(200, trash()));
      case "memory/edit" -> requirePost(get, () -> x.json(200, edit(x.jsonBody(settings.maxRequestBytes()))));
      case "memory/forget" -> requirePost(get, () -> x.json(200, forget(x.jsonBody(settings.maxRequestBytes()))));
      case "memory/restore" -> requirePost(get, () -> x.json(200, restore(x.jsonBody(settings.maxRequestBytes()))));
      default -> throw new UiExchange.Refusal(404, "no API " + route);
    }
  }

  private interface Call {
    void run() throws IOException, UiExchange.Refusal;
  }

  private static void requireGet(boolean get, Call call) throws IOException, UiExchange.Refusal {
    if (!get) {
      throw new UiExchange.Refusal(405, "read with GET");
    }
    call.run();
  }

  private static void requirePost(boolean get, Call call) throws IOException, UiExchange.Refusal {
    if (get) {
      throw new UiExchange.Refusal(405, "change with POST");
    }
    call.run();
  }

  private ProjectInfo info() {
    ProjectMemory m = project.memory();
    return new ProjectInfo(project.directory().toString(), m.location().projectDir().toString(),
        m.location().userDir().toString());
  }

  MemoryRows.Page list(UiExchange x) throws IOException, UiExchange.Refusal {
    MemoryRows.Filters filters = new MemoryRows.Filters(x.param("type"), x.param("scope"), x.param("trust"),
        flag(x, "stale"), flag(x, "superseded"));
    int limit = number(x, "limit", settings.pageSize());
    if (limit < 1 || limit > settings.maxPageSize()) {
      throw new UiExchange.Refusal(400, "limit must be 1 to " + settings.maxPageSize() + ", was " + limit);
    }
    int offset = number(x, "offset", 0);
    MemoryListing listing = project.memory().list();
    Instant now = Instant.now();
    Optional<String> q = x.param("q").map(String::strip).filter(s -> !s.isEmpty());
    if (q.isEmpty()) {
      return MemoryRows.page(MemoryRows.all(listing.memories(), now), filters, offset, limit, Optional.empty(),
          listing.problems());
    }
    MemoryRecall.Outcome outcome = project.search(settings.searchResults()).recall(q.get(), Optional.empty());
    return MemoryRows.page(MemoryRows.ranked(listing.memories(), outcome, now), filters, offset, limit,
        Optional.of(outcome.retrieval() + "; index " + outcome.index()), listing.problems());
  }

  /** The memory called {@code name}; for a name a dream merged away, where it went ({@link Merged}). */
  private Object detail(String name) throws IOException, UiExchange.Refusal {
    Optional<StoredMemory> found = project.memory().read(name);
    if (found.isEmpty()) {
      return MergedInto.find(project.dream().history(), name, project.memory().list().memories())
          .orElseThrow(() -> new UiExchange.Refusal(404, "no memory named '" + name + "'"));
    }
    StoredMemory s = found.get();
    Memory m = s.memory();
    // Values as the frontmatter holds them (lists and maps of any depth): the page lays them out.
    Map<String, Object> other = new LinkedHashMap<>(m.unknownKeys());
    return new Detail(MemoryRows.row(s, Instant.now(), Optional.empty()), s.path().toString(), m.created(),
        m.session(), m.turn(), m.supersedes(), m.supersededBy(), m.validUntil(), m.paths(), other, Html.markdown(m.body()),
        Files.readString(s.path(), StandardCharsets.UTF_8));
  }

  /** Every recorded version, forgotten memories' too (their history outlives the file). */
  History history(String name) throws IOException, UiExchange.Refusal {
    List<MemoryVersion> all = project.memory().history(name);
    if (all.isEmpty()) {
      throw new UiExchange.Refusal(404, "no recorded versions of a memory named '" + name + "'");
    }
    List<VersionRow> rows = new ArrayList<>();
    for (int i = all.size() - 1; i >= 0; i--) {
      MemoryVersion v = all.get(i);
      rows.add(new VersionRow(v.number(), v.at(), v.by().id(), v.change().id(),
          v.diffFrom(i == 0 ? Optional.empty() : Optional.of(all.get(i - 1)))));
    }
    return new History(name, rows);
  }

  private List<Trashed> trash() throws IOException {
    return project.memory().trashed().stream().map(MemoryApi::trashed).toList();
  }

  private static Trashed trashed(TrashedMemory t) {
    Memory m = t.memory();
    return new Trashed(t.id(), t.name(), m.type().id(), t.scope().name().toLowerCase(Locale.ROOT), m.description(),
        t.trashedAt());
  }

  private Edited edit(JsonNode body) throws IOException, UiExchange.Refusal {
    String name = UiExchange.field(body, "name");
    String text = UiExchange.field(body, "text");
    StoredMemory current = project.memory().read(name)
        .orElseThrow(() -> new UiExchange.Refusal(404, "no memory named '" + name + "'"));
    try {
      Saved saved = project.memory().write(MemoryEdit.checked(text, current), ChangedBy.UI);
      return new Edited(saved.stored().name(), saved.stored().path().toString(),
          saved.redacted().stream().map(k -> k.label()).toList());
    } catch (InvalidMemoryException | IllegalArgumentException e) {
      throw new UiExchange.Refusal(422, "not saved: " + e.getMessage() + "; '" + current.name() + "' is unchanged");
    }
  }

  private WebUi.Done forget(JsonNode body) throws IOException, UiExchange.Refusal {
    String name = UiExchange.field(body, "name");
    try {
      Forgotten f = project.memory().forget(name, ChangedBy.UI);
      return new WebUi.Done("forgot '" + f.name() + "' (in the trash; restore brings it back)");
    } catch (NoSuchMemoryException e) {
      throw new UiExchange.Refusal(404, e.getMessage());
    }
  }

  /** Restores the trash entry {@code id} names (the page's buttons), else the newest entry called {@code name}. */
  private Restored restore(JsonNode body) throws IOException, UiExchange.Refusal {
    try {
      StoredMemory m = body.hasNonNull("id") ? project.memory().restoreEntry(UiExchange.field(body, "id"), ChangedBy.UI)
          : project.memory().restore(UiExchange.field(body, "name"), ChangedBy.UI);
      return new Restored(m.name(), "restored '" + m.name() + "'");
    } catch (NoSuchMemoryException e) {
      throw new UiExchange.Refusal(404, e.getMessage());
    } catch (IOException e) {
      // The store refuses a restore over a memory of the same name; nothing changed.
      if (e.getMessage() != null && e.getMessage().startsWith("cannot restore")) {
        throw new UiExchange.Refusal(409, e.getMessage());
      }
      throw e;
    }
  }

  /** What a restore brought back. */
  record Restored(String name, String done) {}

  /** A memory a person writes from the page: refused when one of that name exists (editing is for that). */
  private Restored create(JsonNode body) throws IOException, UiExchange.Refusal {
    String name = UiExchange.field(body, "name").strip();
    if (project.memory().read(name).isPresent()) {
      throw new UiExchange.Refusal(409, "a memory named '" + name + "' exists: open it to edit it");
    }
    MemoryType type = MemoryType.parse(UiExchange.field(body, "type"))
        .orElseThrow(() -> new UiExchange.Refusal(422, "type must be one of " + MemoryType.choices()));
    String description = UiExchange.field(body, "description").strip();
    if (description.contains("\n")) {
      throw new UiExchange.Refusal(422, "the description is one line");
    }
    String text = UiExchange.field(body, "body");
    try {
      Saved saved = project.memory().write(Memory.builder(name, type).description(description)
          .body(text.endsWith("\n") ? text : text + "\n").source(MemorySource.USER).build(), ChangedBy.UI);
      return new Restored(saved.stored().name(), "created '" + saved.stored().name() + "'"
          + (saved.redacted().isEmpty() ? "" : " (redacted: " + String.join(", ",
              saved.redacted().stream().map(k -> k.label()).toList()) + ")"));
    } catch (IllegalArgumentException e) {
      throw new UiExchange.Refusal(422, "not created: " + e.getMessage());
    }
  }

  private static Optional<Boolean> flag(UiExchange x, String name) throws UiExchange.Refusal {
    Optional<String> v = x.param(name);
    if (v.isEmpty() || v.get().equals("any")) {
      return Optional.empty();
    }
    return switch (v.get()) {
      case "yes", "true" -> Optional.of(true);
      case "no", "false" -> Optional.of(false);
      default -> throw new UiExchange.Refusal(400, name + " must be yes, no or any, was '" + v.get() + "'");
    };
  }

  private static int number(UiExchange x, String name, int fallback) throws UiExchange.Refusal {
    Optional<String> v = x.param(name);
    try {
      return v.isEmpty() ? fallback : Integer.parseInt(v.get());
    } catch (NumberFormatException e) {
      throw new UiExchange.Refusal(400, name + " must be a number, was '" + v.get() + "'");
    }
  }
}
