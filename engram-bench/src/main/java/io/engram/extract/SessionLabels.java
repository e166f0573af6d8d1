package io.engram.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The hand labels of one whole session (a transcript): the memories a careful teammate would write from it
 * and the things that must not become memories. One JSON file per transcript; the format is described in
 * the README next to the labels.
 *
 * @param file the label file
 * @param transcript the transcript's file name, relative to the transcripts directory
 * @param memories what should (or may) be written
 * @param forbidden named things that must not be written
 */
record SessionLabels(Path file, String transcript, List<Expected> memories, List<Forbidden> forbidden) {
  private static final ObjectMapper JSON = new ObjectMapper();

  SessionLabels {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(transcript, "transcript");
    memories = List.copyOf(memories);
    forbidden = List.copyOf(forbidden);
  }

  /** A memory the session should yield ({@code required}) or may yield. */
  record Expected(String id, Set<CandidateType> types, boolean required, PhraseGroups match) {
    Expected {
      types = Set.copyOf(types);
    }

    boolean matches(ExtractionOutcome o) {
      return types.contains(CandidateType.fromLabel(o.type().id())) && match.matches(text(o));
    }
  }

  /** Something that must not become a memory. */
  record Forbidden(String what, PhraseGroups match) {
    boolean matches(ExtractionOutcome o) {
      return match.matches(text(o));
    }
  }

  static String text(ExtractionOutcome o) {
    return o.name() + "\n" + o.description() + "\n" + o.body();
  }

  /** Reads every {@code *.json} file of {@code dir}, by name; a bad file fails with its name and the field. */
  static List<SessionLabels> readAll(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IOException("session labels: " + dir + " is not a directory");
    }
    List<Path> files = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.json")) {
      s.forEach(files::add);
    }
    files.sort(null);
    List<SessionLabels> out = new ArrayList<>();
    for (Path f : files) {
      out.add(read(f));
    }
    return out;
  }

  static SessionLabels read(Path file) throws IOException {
    try {
      JsonNode n = JSON.readTree(file.toFile());
      List<Expected> memories = new ArrayList<>();
      for (JsonNode m : required(n, "memories")) {
        memories.add(new Expected(required(m, "id").asText(), types(required(m, "type")),
            required(m, "required").asBoolean(), groups(required(m, "match"))));
      }
      List<Forbidden> forbidden = new ArrayList<>();
      for (JsonNode f : n.path("mustNotSave")) {
        forbidden.add(new Forbidden(required(f, "what").asText(), groups(required(f, "match"))));
      }
      return new SessionLabels(file, required(n, "transcript").asText(), memories, forbidden);
    } catch (RuntimeException e) {
      throw new IOException("session labels " + file + ": " + e.getMessage(), e);
    }
  }

  private static Set<CandidateType> types(JsonNode n) {
    Set<CandidateType> out = EnumSet.noneOf(CandidateType.class);
    if (n.isArray()) {
      n.forEach(t -> out.add(CandidateType.fromLabel(t.asText())));
    } else {
      out.add(CandidateType.fromLabel(n.asText()));
    }
    return out;
  }

  private static PhraseGroups groups(JsonNode n) {
    if (!n.isArray()) {
      throw new IllegalArgumentException("'match' must be a list of lists of phrases");
    }
    List<List<String>> groups = new ArrayList<>();
    for (JsonNode g : n) {
      List<String> phrases = new ArrayList<>();
      g.forEach(p -> phrases.add(p.asText()));
      groups.add(phrases);
    }
    return new PhraseGroups(groups);
  }

  private static JsonNode required(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field '" + field + "'");
    }
    return v;
  }
}
