package io.engram.instructions;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a docker-compose file starts: the names under its top-level {@code services:} and the profiles they are
 * in. Read line by line from the indentation, the way such files are written; no YAML anchors or merges are
 * followed.
 *
 * @param services the service names in file order
 * @param profiles the profiles named by any service, in file order
 */
record ComposeFile(Set<String> services, Set<String> profiles) {
  private static final Pattern KEY = Pattern.compile("^(\\s*)([\\w.-]+)\\s*:\\s*(.*)$");
  private static final Pattern ITEM = Pattern.compile("^\\s*-\\s*['\"]?([\\w.-]+)['\"]?\\s*$");

  ComposeFile {
    services = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(services));
    profiles = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(profiles));
  }

  static ComposeFile parse(String yaml) {
    Set<String> services = new LinkedHashSet<>();
    Set<String> profiles = new LinkedHashSet<>();
    boolean inServices = false;
    int serviceIndent = -1;
    boolean inProfiles = false;
    int profilesIndent = -1;
    for (String raw : yaml.split("\\R")) {
      String line = raw.replaceFirst("\\s+#.*$", "");
      if (line.isBlank() || line.strip().startsWith("#")) {
        continue;
      }
      int indent = line.length() - line.stripLeading().length();
      if (inProfiles && indent >= profilesIndent) {
        Matcher item = ITEM.matcher(line);
        if (item.matches()) {
          profiles.add(item.group(1));
          continue;
        }
      }
      inProfiles = false;
      Matcher key = KEY.matcher(line);
      if (indent == 0) {
        inServices = key.matches() && key.group(2).equals("services");
        serviceIndent = -1;
        continue;
      }
      if (!inServices || !key.matches()) {
        continue;
      }
      if (serviceIndent < 0) {
        serviceIndent = indent;
      }
      if (indent == serviceIndent) {
        services.add(key.group(2));
      } else if (key.group(2).equals("profiles")) {
        String value = key.group(3).strip();
        if (value.startsWith("[")) {
          for (String p : value.replaceAll("[\\[\\]'\"]", "").split(",")) {
            if (!p.isBlank()) {
              profiles.add(p.strip());
            }
          }
        } else {
          inProfiles = true;
          profilesIndent = indent;
        }
      }
    }
    return new ComposeFile(services, profiles);
  }
}
