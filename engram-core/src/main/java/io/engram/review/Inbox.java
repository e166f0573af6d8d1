package io.engram.review;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.engram.config.MemorySettings;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.HomeLayout;
import io.engram.memory.ChangedBy;
import io.engram.memory.InvalidMemoryException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryFormat;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A project's review inbox: what extraction and the dream propose when {@code memory.review} is {@code PROPOSE},
 * waiting for a person to accept, edit or reject it. One JSON file per proposal in the project's {@code inbox/}
 * under Engram's home, written atomically under the inbox's lock; a rejected one moves to {@code
 * rejected/}, so the same proposal is not made again (at most {@code memory.rejectedKept} are kept, the oldest dropped).
 *
 * <p>A proposal's id is a hash of what it would write: proposing what is already waiting, or what was rejected, adds
 * nothing. Accepting one checks that every memory it changes still says what it said when it was proposed, then
 * writes them ({@link ChangedBy#REVIEW}): the memory keeps its provenance (source, session, turn, dates) from the
 * proposal, also when the person edited its description, body or type first. A proposal made stale by a change since
 * is refused ({@link StaleProposalException}), never applied over it.
 */
public final class Inbox {
  // A proposal's id keeps 12 hex digits (48 bits) of its hash: short enough to type in `engram review`, and a
  // store's proposals, a few hundred at most, do not meet.
  private static final int ID_HEX_DIGITS = 12;
  private static final String SUFFIX = ".json";
  private static final ObjectMapper JSON = JsonMapper.builder().findAndAddModules()
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();

  private final Path dir;
  private final int rejectedKept;
  private final Clock clock;

  /** The inbox kept in {@code dir}, keeping {@code rejectedKept} rejected proposals to recognise them again. */
  public Inbox(Path dir, int rejectedKept, Clock clock) {
    this.dir = Objects.requireNonNull(dir, "dir");
    this.rejectedKept = rejectedKept;
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * The inbox of the project keyed {@code projectKey} in the Engram home {@code engramHome}, keeping as many rejected
   * proposals as {@code settings.rejectedKept()}.
   */
  public static Inbox of(Path engramHome, String projectKey, MemorySettings settings, Clock clock) {
    return new Inbox(HomeLayout.of(engramHome).project(projectKey).inbox(), settings.rejectedKept(), clock);
  }

  /** Where the inbox keeps its proposals. */
  public Path directory() {
    return dir;
  }

  /**
   * Adds a proposal; empty when the same one is already waiting or was rejected. Its texts are redacted before they
   * are written, as everything a store writes.
   */
  public Optional<Proposal> propose(Proposal.Origin origin, Optional<String> session, String summary, String reason,
      List<ProposedChange> changes) throws IOException {
    SecretRedactor redactor = SecretRedactor.standard();
    List<ProposedChange> clean = changes.stream().map(c -> redacted(c, redactor)).toList();
    Proposal p = new Proposal(idOf(clean), origin, clock.instant(), session, redactor.redact(summary).text(),
        redactor.redact(reason).text(), clean);
    try (FileLock held = lock()) {
      if (Files.exists(file(p.id())) || Files.exists(rejected().resolve(p.id() + SUFFIX))) {
        return Optional.empty();
      }
      AtomicFiles.write(file(p.id()), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(p));
    }
    return Optional.of(p);
  }

  /** The proposals waiting, oldest first; a file that does not read is reported as an error naming it. */
  public List<Proposal> pending() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Proposal> out = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      for (Path f : (Iterable<Path>) list.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
          .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted()::iterator) {
        out.add(read(f));
      }
    }
    out.sort(Comparator.comparing(Proposal::at).thenComparing(Proposal::id));
    return out;
  }

  /**
   * The waiting proposal {@code id} names, by its whole id or a prefix of it that only it has.
   *
   * @throws NoSuchProposalException when none, or more than one, has it
   */
  public Proposal find(String id) throws IOException {
    String want = id.strip();
    List<Proposal> matches = pending().stream().filter(p -> p.id().startsWith(want)).toList();
    if (want.isEmpty() || matches.isEmpty()) {
      throw new NoSuchProposalException("no proposal '" + id + "' is waiting in the inbox");
    }
    if (matches.size() > 1) {
      throw new NoSuchProposalException("'" + id + "' names " + matches.size() + " proposals ("
          + String.join(", ", matches.stream().map(Proposal::id).toList()) + "); give more of the id");
    }
    return matches.get(0);
  }

  /**
   * Accepts the proposal {@code id}: writes what it proposes into {@code store} and takes it out of the inbox. With
   * {@code edited} (a whole topic file, as {@code engram edit} shows one), the first memory it writes takes the
   * edited description, body and type, and keeps the proposal's name and provenance.
   *
   * @return the names of the memories written or forgotten
   * @throws StaleProposalException when a memory it changes no longer says what it said when proposed
   * @throws InvalidMemoryException when {@code edited} is not a valid memory
   */
  public List<String> accept(String id, Optional<String> edited, ProjectMemory store) throws IOException {
    try (FileLock held = lock()) {
      Proposal p = find(id);
      List<ProposedChange> changes = new ArrayList<>(p.changes());
      if (edited.isPresent()) {
        ProposedChange.Write main = p.main().orElseThrow(() -> new IllegalArgumentException(
            "proposal " + p.id() + " writes no memory to edit; accept or reject it"));
        changes.set(changes.indexOf(main), new ProposedChange.Write(main.name(), main.before(),
            MemoryFormat.format(editedInto(MemoryFormat.parse(main.after(), dir), edited.get()))));
      }
      for (ProposedChange c : changes) {
        stillAsProposed(p, c, store);
      }
      List<String> done = new ArrayList<>();
      for (ProposedChange c : changes) {
        if (c instanceof ProposedChange.Write w) {
          store.write(MemoryFormat.parse(w.after(), dir), ChangedBy.REVIEW);
        } else {
          store.forget(c.name(), ChangedBy.REVIEW);
        }
        done.add(c.name());
      }
      Files.deleteIfExists(file(p.id()));
      return done;
    }
  }

  /** Rejects the proposal {@code id}: it leaves the inbox and is not proposed again. */
  public Proposal reject(String id) throws IOException {
    try (FileLock held = lock()) {
      Proposal p = find(id);
      Files.createDirectories(rejected());
      Files.move(file(p.id()), rejected().resolve(p.id() + SUFFIX), StandardCopyOption.REPLACE_EXISTING);
      pruneRejected();
      return p;
    }
  }

  private static Memory editedInto(Memory proposed, String edited) throws InvalidMemoryException {
    Memory e = MemoryFormat.parse(edited, Path.of("edited"));
    return proposed.toBuilder().description(e.description()).body(e.body()).type(e.type()).build();
  }

  /** Refuses {@code c} when the memory it changes no longer says what it said when {@code p} was proposed. */
  private static void stillAsProposed(Proposal p, ProposedChange c, ProjectMemory store) throws IOException {
    Optional<StoredMemory> now = store.read(c.name());
    Optional<String> before = c instanceof ProposedChange.Write w ? w.before()
        : Optional.of(((ProposedChange.Forget) c).before());
    boolean same;
    if (before.isEmpty()) {
      same = now.isEmpty() || sameMemory(now.get().memory(),
          MemoryFormat.parse(((ProposedChange.Write) c).after(), now.get().path()));
    } else {
      same = now.isPresent() && sameMemory(now.get().memory(), MemoryFormat.parse(before.get(), now.get().path()));
    }
    if (!same) {
      throw new StaleProposalException("memory '" + c.name() + "' " + (now.isEmpty() ? "is gone" : "changed")
          + " since proposal " + p.id() + " was made (" + p.at() + "); reject it, and a later pass or dream"
          + " proposes again from what is there now");
    }
  }

  private static boolean sameMemory(Memory a, Memory b) {
    return a.name().equals(b.name()) && a.type() == b.type() && a.description().strip().equals(b.description().strip())
        && a.body().strip().equals(b.body().strip());
  }

  private static ProposedChange redacted(ProposedChange c, SecretRedactor r) {
    if (c instanceof ProposedChange.Write w) {
      return new ProposedChange.Write(w.name(), w.before().map(t -> r.redact(t).text()), r.redact(w.after()).text());
    }
    ProposedChange.Forget f = (ProposedChange.Forget) c;
    return new ProposedChange.Forget(f.name(), r.redact(f.before()).text());
  }

  /**
   * The first twelve hex digits of a SHA-256 of what the proposal would change: each memory's name and, for a write,
   * its type, description, body and standing ({@link #standing}), not its provenance, so the same memory learnt again
   * in another session is the same proposal.
   */
  private static String idOf(List<ProposedChange> changes) throws InvalidMemoryException {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (ProposedChange c : changes) {
        String text = "forget\0" + c.name();
        if (c instanceof ProposedChange.Write w) {
          Memory m = MemoryFormat.parse(w.after(), Path.of(w.name()));
          text = "write\0" + w.name() + "\0" + m.type().id() + "\0" + m.description().strip() + "\0"
              + m.body().strip() + "\0" + standing(m);
        }
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 1);
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, ID_HEX_DIGITS);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /**
   * What a memory's frontmatter says beyond its provenance: what it supersedes or is superseded by, until when it
   * holds, the paths it is about and the keys Engram does not know (the dream's {@code stale} among them). A dream
   * that only marks a memory changes nothing else, and a rejected flag must not hide a later, different one.
   */
  private static String standing(Memory m) {
    return m.supersedes() + "\0" + m.supersededBy().orElse("") + "\0" + m.validUntil().map(Object::toString).orElse("")
        + "\0" + m.paths() + "\0" + new java.util.TreeMap<>(m.unknownKeys());
  }

  private Proposal read(Path f) throws IOException {
    try {
      return JSON.readValue(Files.readAllBytes(f), Proposal.class);
    } catch (IOException e) {
      throw new IOException(f + ": not a proposal: " + e.getMessage(), e);
    }
  }

  private void pruneRejected() throws IOException {
    List<Path> kept;
    try (Stream<Path> list = Files.list(rejected())) {
      kept = list.sorted(Comparator.comparing(this::modified)).toList();
    }
    for (int i = 0; i < kept.size() - rejectedKept; i++) {
      Files.deleteIfExists(kept.get(i));
    }
  }

  private java.nio.file.attribute.FileTime modified(Path p) {
    try {
      return Files.getLastModifiedTime(p);
    } catch (IOException e) {
      return java.nio.file.attribute.FileTime.fromMillis(0);
    }
  }

  private Path file(String id) {
    return dir.resolve(id + SUFFIX);
  }

  private Path rejected() {
    return dir.resolve("rejected");
  }

  private FileLock lock() throws IOException {
    Files.createDirectories(dir);
    return FileLock.acquire(dir.resolve(".inbox.lock"));
  }
}
