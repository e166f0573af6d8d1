package io.engram.imports;

import io.engram.config.EngramSettings;
import io.engram.dream.DuplicatePair;
import io.engram.dream.MemoryText;
import io.engram.dream.NearDuplicates;
import io.engram.memory.ChangedBy;
import io.engram.memory.InvalidMemoryNameException;
import io.engram.memory.Memory;
import io.engram.memory.MemoryNames;
import io.engram.memory.MemorySource;
import io.engram.memory.ProjectMemory;
import io.engram.memory.StoredMemory;
import io.engram.recall.Embedder;
import io.engram.redact.Redaction;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Brings what another agent keeps of its own memory into the project's memory, merging by meaning: a memory the
 * store already says (by words, or by meaning when an embedding model is at hand, as the dream finds
 * near-duplicates: {@link NearDuplicates}) is not written again, and neither is a second one of the import that says
 * what an earlier one said. Each memory written records where it came from: source {@code import} and the agent
 * ({@link Memory#agent()}). A name the store already holds for something else gets the agent's name after it (and a
 * number, when that is taken too); a secret in a name is dropped from it, and a name that is only a secret is refused.
 */
public final class MemoryImport {
  private static final String STORED = "stored:";
  private static final String IMPORTED = "imported:";

  private final ProjectMemory store;
  private final NearDuplicates duplicates;
  private final Clock clock;

  /** An import into {@code store} that calls two memories the same as {@code duplicates} does. */
  public MemoryImport(ProjectMemory store, NearDuplicates duplicates, Clock clock) {
    this.store = Objects.requireNonNull(store, "store");
    this.duplicates = Objects.requireNonNull(duplicates, "duplicates");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** An import comparing by words and, with {@code embedder} and a threshold for its model, by meaning. */
  public static MemoryImport of(ProjectMemory store, EngramSettings settings, Optional<Embedder> embedder,
      Clock clock) {
    return new MemoryImport(store, NearDuplicates.of(settings.dream(), embedder), clock);
  }

  /**
   * What the import from {@code source} found and did (with {@code dryRun}, would do).
   *
   * @param agent the agent imported from
   * @param comparison how two memories were compared: by words, or by words and the named model's meaning
   * @param outcomes each memory read, in the order read
   * @param problems the files that could not be read, and why
   * @param note why nothing was read: Engram already keeps its memory in that agent's place, or where it looked
   */
  public record ImportReport(String agent, String comparison, List<ImportOutcome> outcomes, List<String> problems,
      Optional<String> note) {
    public ImportReport {
      outcomes = List.copyOf(outcomes);
      problems = List.copyOf(problems);
    }

    /** How many outcomes were of {@code kind}. */
    public long count(ImportOutcome.Kind kind) {
      return outcomes.stream().filter(o -> o.kind() == kind).count();
    }
  }

  /** Reads {@code source}'s memory from {@code homes} and writes what the store does not already say. */
  public ImportReport run(ImportSource source, AgentHomes homes, boolean dryRun) throws IOException {
    String comparison = duplicates.meaning().map(m -> "words and meaning (" + m.model() + ")").orElse("words");
    List<String> problems = new ArrayList<>();
    if (source == ImportSource.CLAUDE_CODE
        && store.location().projectDir().equals(homes.claudeMemoryDir().toAbsolutePath().normalize())) {
      return new ImportReport(source.agent().id(), comparison, List.of(), problems, Optional.of(
          "Engram keeps this project's memory in Claude Code's own directory (memory.layout CLAUDE_CODE): nothing to"
              + " import"));
    }
    List<ImportedMemory> read = AgentMemoryFiles.read(source, homes, problems::add);
    List<StoredMemory> stored = store.list().memories();
    Map<String, String> knownAs = knownAs(read, stored);
    List<ImportOutcome> outcomes = new ArrayList<>();
    Map<Integer, String> named = new HashMap<>(); // what each imported memory ended as: written, or known as
    List<String> written = new ArrayList<>();
    for (int i = 0; i < read.size(); i++) {
      ImportedMemory m = read.get(i);
      String from = m.from().toString();
      String asRead = SecretRedactor.standard().redact(m.name()).text(); // a report is printed: no secret in it
      String same = knownAs.get(IMPORTED + i);
      if (same != null && same.startsWith(IMPORTED)) {
        same = named.get(Integer.parseInt(same.substring(IMPORTED.length())));
      }
      if (same != null) {
        named.put(i, same);
        outcomes.add(new ImportOutcome(ImportOutcome.Kind.KNOWN, asRead, from, Optional.of(same)));
        continue;
      }
      try {
        String name = freeName(withoutSecrets(m), source, stored, written);
        Memory memory = Memory.builder(name, m.type()).description(m.description()).body(m.body())
            .source(MemorySource.IMPORT).agent(source.agent().id()).created(clock.instant())
            .updated(clock.instant()).build();
        if (!dryRun) {
          store.write(memory, ChangedBy.IMPORT);
        }
        named.put(i, name);
        written.add(name);
        outcomes.add(new ImportOutcome(ImportOutcome.Kind.CREATED, name, from, Optional.empty()));
      } catch (IllegalArgumentException e) { // a name or a size the store refuses
        outcomes.add(new ImportOutcome(ImportOutcome.Kind.SKIPPED, asRead, from, Optional.of(e.getMessage())));
      }
    }
    return new ImportReport(source.agent().id(), comparison, outcomes, problems,
        read.isEmpty() && problems.isEmpty() ? Optional.of(nothingFound(source, homes)) : Optional.empty());
  }

  // "0 imported" alone leaves a person guessing whether the agent keeps nothing or the import looked elsewhere.
  private static String nothingFound(ImportSource source, AgentHomes homes) {
    String where = switch (source) {
      case CLAUDE_CODE -> homes.claudeMemoryDir().toString();
      case CODEX -> homes.codexHome().resolve("memories") + " (this project's, the user's and the machine's)";
      case GEMINI -> homes.geminiHome() + " (this project's folder and GEMINI.md)";
    };
    return "found no memory of " + source.agent().displayName() + " in " + where;
  }

  /**
   * For each imported memory that says what another says, the one it is known as: a stored memory's name, or an
   * earlier imported one's id; the most alike pair first decides.
   */
  private Map<String, String> knownAs(List<ImportedMemory> read, List<StoredMemory> stored) {
    Instant now = clock.instant();
    List<MemoryText> texts = new ArrayList<>();
    for (StoredMemory s : stored) {
      texts.add(new MemoryText(STORED + s.name(), s.memory().description() + "\n" + s.memory().body(),
          s.memory().updated().orElse(Instant.EPOCH)));
    }
    for (int i = 0; i < read.size(); i++) {
      // Imported ones are newer than every stored one, and later ones than earlier ones: the newer of a pair is
      // the one that is not written.
      texts.add(new MemoryText(IMPORTED + i, read.get(i).text(), now.plusMillis(i + 1)));
    }
    Map<String, String> knownAs = new HashMap<>();
    for (DuplicatePair pair : duplicates.find(texts)) {
      if (pair.newerId().startsWith(IMPORTED) && !knownAs.containsKey(pair.newerId())) {
        String older = pair.olderId();
        knownAs.put(pair.newerId(), older.startsWith(STORED) ? older.substring(STORED.length()) : older);
      }
    }
    return knownAs;
  }

  /**
   * {@code m}'s name with the secrets it holds dropped: the store refuses such a name (redacted, two of them would be
   * one), and another agent's name for a memory is not worth losing the memory over. Found as the store finds them,
   * with the description and body beside it.
   */
  private static String withoutSecrets(ImportedMemory m) {
    Redaction name = SecretRedactor.standard().redactTogether(List.of(m.name(), m.description(), m.body())).get(0);
    if (!name.changed()) {
      return m.name();
    }
    String left = name.withoutMarkers();
    if (left.isEmpty()) {
      throw InvalidMemoryNameException.holdsSecret(name.kinds());
    }
    return left;
  }

  /**
   * {@code name}, or when the store or this import already holds it, the first of "name (agent)", "name (agent 2)",
   * ... that neither holds: a write under a taken name would replace that memory.
   */
  private static String freeName(String name, ImportSource source, List<StoredMemory> stored, List<String> created) {
    String candidate = name;
    for (int n = 1; taken(candidate, stored, created); n++) {
      candidate = name + " (" + source.agent().id() + (n == 1 ? "" : " " + n) + ")";
    }
    return candidate;
  }

  private static boolean taken(String name, List<StoredMemory> stored, List<String> created) {
    String slug = MemoryNames.slug(name);
    return stored.stream().anyMatch(s -> MemoryNames.slug(s.name()).equals(slug))
        || created.stream().anyMatch(c -> MemoryNames.slug(c).equals(slug));
  }

}
