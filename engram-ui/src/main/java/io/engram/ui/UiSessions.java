package io.engram.ui;

import io.engram.config.UiSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The UI's logins, in memory only (a restarted service asks for a new login): one-time login codes, each
 * valid for {@code ui.loginCodeSeconds} and taken by the first request that shows it, and the browser sessions
 * they open, each ending after {@code ui.sessionIdleMinutes} without a request. Codes and session tokens are 32
 * random bytes; a session is looked up by the SHA-256 of its token, so a lookup's time says nothing about how
 * much of a token was right.
 */
final class UiSessions {
  /** A browser session: the token the page holds and sends with every request, and the project it shows. */
  record Session(String id, Path project, Instant lastSeen) {}

  private record Code(Path project, Instant expires) {}

  private final SecureRandom random = new SecureRandom();
  private final Map<String, Code> codes = new ConcurrentHashMap<>();
  private final Map<String, Session> sessions = new ConcurrentHashMap<>();
  private final UiSettings settings;
  private final Clock clock;

  UiSessions(UiSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
  }

  /** A new one-time login code for {@code project}. */
  String newCode(Path project) {
    Instant now = clock.instant();
    codes.values().removeIf(c -> c.expires().isBefore(now));
    String code = randomHex();
    codes.put(digest(code), new Code(project, now.plusSeconds(settings.loginCodeSeconds())));
    return code;
  }

  /** The session {@code code} opens, once; empty when the code is unknown, used or expired. */
  Optional<Session> login(String code) {
    Code c = codes.remove(digest(code));
    Instant now = clock.instant();
    if (c == null || c.expires().isBefore(now)) {
      return Optional.empty();
    }
    sessions.values().removeIf(s -> expired(s, now));
    while (sessions.size() >= settings.maxSessions()) {
      sessions.entrySet().stream().min(Comparator.comparing(e -> e.getValue().lastSeen()))
          .ifPresent(e -> sessions.remove(e.getKey()));
    }
    Session s = new Session(randomHex(), c.project(), now);
    sessions.put(digest(s.id()), s);
    return Optional.of(s);
  }

  /** The live session whose token is {@code id}, its last request now; empty when unknown or expired. */
  Optional<Session> find(String id) {
    String key = digest(id);
    Session s = sessions.get(key);
    Instant now = clock.instant();
    if (s == null) {
      return Optional.empty();
    }
    if (expired(s, now)) {
      sessions.remove(key);
      return Optional.empty();
    }
    Session seen = new Session(s.id(), s.project(), now);
    sessions.put(key, seen);
    return Optional.of(seen);
  }

  /** Ends the session {@code id}. */
  void logout(String id) {
    sessions.remove(digest(id));
  }

  private boolean expired(Session s, Instant now) {
    return s.lastSeen().plus(Duration.ofMinutes(settings.sessionIdleMinutes())).isBefore(now);
  }

  private String randomHex() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return HexFormat.of().formatHex(bytes);
  }

  private static String digest(String secret) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
