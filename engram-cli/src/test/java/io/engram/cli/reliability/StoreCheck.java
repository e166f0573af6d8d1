package io.engram.cli.reliability;

import io.engram.memory.MemoryFormat;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a store looks like on disk after a fault: topic files that do not read whole, temporary files
 * left behind, and MEMORY.md entries and topic files that do not match each other.
 *
 * @param torn topic files that do not parse, or whose body was cut short
 * @param temporary temporary files anywhere under the home: {@code .NAME.*.tmp} of an atomic write and a
 *     store's {@code .staging-*} files
 * @param indexedButMissing MEMORY.md entries whose file is not there
 * @param presentButUnindexed topic files MEMORY.md does not name
 */
record StoreCheck(List<String> torn, List<String> temporary, List<String> indexedButMissing,
    List<String> presentButUnindexed) {
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+\\.md)\\)");
  private static final Pattern BEGIN = Pattern.compile("begin-of-body-(\\d+)");

  static StoreCheck of(Path home) throws IOException {
    List<String> torn = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<String> unindexed = new ArrayList<>();
    for (Path dir : memoryDirs(home)) {
      Set<String> files = new TreeSet<>();
      try (Stream<Path> s = Files.list(dir)) {
        s.filter(p -> Files.isRegularFile(p) && p.toString().endsWith(".md") && !p.getFileName().toString().equals("MEMORY.md")
            && !p.getFileName().toString().startsWith("."))
            .forEach(p -> files.add(p.getFileName().toString()));
      }
      for (String f : files) {
        tornReason(dir.resolve(f)).ifPresent(reason -> torn.add(f + ": " + reason));
      }
      Path index = dir.resolve("MEMORY.md");
      Set<String> linked = new TreeSet<>();
      if (Files.exists(index)) {
        Matcher m = LINK.matcher(Files.readString(index, StandardCharsets.UTF_8));
        while (m.find()) {
          linked.add(m.group(1));
        }
      }
      linked.stream().filter(l -> !files.contains(l)).forEach(l -> missing.add("MEMORY.md -> " + l));
      files.stream().filter(f -> !linked.contains(f)).forEach(unindexed::add);
    }
    List<String> temporary;
    try (Stream<Path> s = Files.walk(home)) {
      temporary = s.filter(Files::isRegularFile).map(p -> home.relativize(p).toString())
          .filter(p -> {
            String name = Path.of(p).getFileName().toString();
            return name.startsWith(".") && name.endsWith(".tmp") || name.startsWith(".staging-");
          }).sorted().collect(Collectors.toList());
    }
    return new StoreCheck(torn, temporary, missing, unindexed);
  }

  /** Whether the files a person or the recall reads are whole and agree with the index. */
  boolean whole() {
    return torn.isEmpty();
  }

  boolean indexInStep() {
    return indexedButMissing.isEmpty() && presentButUnindexed.isEmpty();
  }

  /**
   * The memory as a person has it: every file of the memory directories but the hidden ones (the dream's
   * lock, which also records when it last ran, and its journal), by path relative to {@code home}.
   */
  static Map<String, byte[]> snapshot(Path home) throws IOException {
    Map<String, byte[]> out = new TreeMap<>();
    for (Path dir : memoryDirs(home)) {
      try (Stream<Path> s = Files.list(dir)) {
        for (Path p : s.filter(f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith(".")).toList()) {
          out.put(home.relativize(p).toString(), Files.readAllBytes(p));
        }
      }
    }
    return out;
  }

  /** Paths whose bytes differ between two snapshots (added, removed or changed). */
  static List<String> differences(Map<String, byte[]> before, Map<String, byte[]> after) {
    Set<String> all = new TreeSet<>(before.keySet());
    all.addAll(after.keySet());
    return all.stream().filter(k -> !java.util.Arrays.equals(before.get(k), after.get(k))).toList();
  }

  static List<Path> memoryDirs(Path home) throws IOException {
    Path projects = home.resolve("projects");
    if (!Files.isDirectory(projects)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(projects)) {
      return s.map(p -> p.resolve("memory")).filter(Files::isDirectory).sorted().toList();
    }
  }

  private static java.util.Optional<String> tornReason(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
      MemoryFormat.parse(text, file);
    } catch (IOException | RuntimeException e) {
      return java.util.Optional.of(String.valueOf(e.getMessage()));
    }
    Matcher m = BEGIN.matcher(text);
    if (m.find() && !text.contains("end-of-body-" + m.group(1))) {
      return java.util.Optional.of("the body of write " + m.group(1) + " is cut short");
    }
    return java.util.Optional.empty();
  }
}
