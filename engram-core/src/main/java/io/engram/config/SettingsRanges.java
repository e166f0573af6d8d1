package io.engram.config;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks every numeric setting against the range its {@link Setting} declares, and the few rules that tie two
 * settings together (the context warning levels rise, the budget shares fit in the window, the score weights add
 * up to one).
 *
 * <p>{@link #check} walks the bound settings by reflection, so a numeric setting without a declaration is a
 * programming error caught by the tests, never a setting that escapes validation.
 */
final class SettingsRanges {
  private SettingsRanges() {}

  /** An inclusive range of allowed values; {@code aboveMin} makes the lower bound exclusive. */
  record Range(double min, boolean aboveMin, double max) {
    /** The range a setting's declaration gives. */
    static Range of(Setting declared) {
      return new Range(declared.min(), declared.aboveMin(), declared.max());
    }

    /** Whether the range lets every number through. */
    boolean unbounded() {
      return min == Double.NEGATIVE_INFINITY && max == Double.POSITIVE_INFINITY;
    }

    boolean contains(double value) {
      return (aboveMin ? value > min : value >= min) && value <= max;
    }

    String describe() {
      if (unbounded()) {
        return "any number";
      }
      if (min == Double.NEGATIVE_INFINITY) {
        return "at most " + number(max);
      }
      if (max == Double.POSITIVE_INFINITY) {
        return aboveMin ? "greater than " + number(min) : "at least " + number(min);
      }
      return (aboveMin ? "greater than " + number(min) + " and at most " : "from " + number(min) + " to ")
          + number(max);
    }
  }


  /** Throws a {@link SettingsException} naming {@code origin}, the key and its range at the first violation. */
  static void check(EngramSettings settings, String origin) {
    checkEach(settings, "", origin);
    checkTogether(settings, origin);
  }

  /** Checks each numeric setting of a section ({@code prefix} its key, empty for all settings) against its range. */
  static void checkEach(Record section, String prefix, String origin) {
    for (Numeric n : numericSettings(section, prefix)) {
      Range range = n.range();
      if (!range.contains(n.value())) {
        throw new SettingsException(origin + ": '" + n.key() + "' must be " + range.describe() + ", not "
            + number(n.value()));
      }
    }
  }

  private static void checkTogether(EngramSettings settings, String origin) {
    ContextSettings c = settings.context();
    requireOrder(origin, "context.warningRatio", c.warningRatio(), "context.urgentRatio", c.urgentRatio());
    requireOrder(origin, "context.urgentRatio", c.urgentRatio(), "context.criticalRatio", c.criticalRatio());
    ContextSettings.TurnsLeft t = c.turnsLeft();
    requireOrder(origin, "context.turnsLeft.warningLow", t.warningLow(), "context.turnsLeft.warningHigh",
        t.warningHigh());
    requireOrder(origin, "context.turnsLeft.urgentLow", t.urgentLow(), "context.turnsLeft.urgentHigh", t.urgentHigh());
    requireOrder(origin, "context.turnsLeft.minTurns", t.minTurns(), "context.turnsLeft.recentTurns", t.recentTurns());
    double shares = c.systemShare() + c.summaryShare() + c.filesShare() + c.messagesShare();
    if (shares > 1 + 1e-9) {
      throw new SettingsException(origin + ": 'context.systemShare', 'summaryShare', 'filesShare' and"
          + " 'messagesShare' must add up to at most 1, not " + number(shares));
    }
    CompactionSettings k = settings.compaction();
    double weights = k.weightSections() + k.weightKeyInfo() + k.weightContinuity() + k.weightCompression();
    if (Math.abs(weights - 1) > 1e-9) {
      throw new SettingsException(origin + ": 'compaction.weightSections', 'weightKeyInfo', 'weightContinuity'"
          + " and 'weightCompression' must add up to 1, not " + number(weights));
    }
    double details = k.offline().accountShare() + k.offline().codeShare();
    if (details > 1 + 1e-9) {
      throw new SettingsException(origin + ": 'compaction.offline.accountShare' and 'codeShare' share what the"
          + " sections' cores leave, and must add up to at most 1, not " + number(details));
    }
    requireOrder(origin, "compaction.retryScore", k.retryScore(), "compaction.passScore", k.passScore());
    // A hook client must give up on the service before Claude Code gives up on the hook.
    requireOrder(origin, "service.answerMillis", settings.service().answerMillis(),
        "hooks.contextTimeoutSeconds (in ms)", settings.hooks().contextTimeoutSeconds() * 1000.0);
    requireOrder(origin, "service.preCompactWaitSeconds + answerMillis (in s)",
        settings.service().preCompactWaitSeconds() + settings.service().answerMillis() / 1000.0,
        "hooks.afterTurnTimeoutSeconds", settings.hooks().afterTurnTimeoutSeconds());
  }

  private static void requireOrder(String origin, String lowKey, double low, String highKey, double high) {
    if (low > high) {
      throw new SettingsException(origin + ": '" + lowKey + "' (" + number(low) + ") must not be more than '"
          + highKey + "' (" + number(high) + ")");
    }
  }

  /** A numeric setting (a map's entry is one each): its key, its declared range and its value. */
  private record Numeric(String key, Range range, double value) {}

  // Every numeric setting in the section, map entries included.
  private static List<Numeric> numericSettings(Record section, String prefix) {
    List<Numeric> found = new ArrayList<>();
    collect(section, prefix, found);
    return found;
  }

  private static void collect(Record record, String path, List<Numeric> found) {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      String key = path.isEmpty() ? c.getName() : path + "." + c.getName();
      Object value = read(c, record);
      Setting declared = c.getAnnotation(Setting.class);
      if (value instanceof Record nested) {
        collect(nested, key, found);
      } else if (value instanceof Number number) {
        found.add(new Numeric(key, range(declared, key), number.doubleValue()));
      } else if (value instanceof Map<?, ?> map) {
        for (Map.Entry<?, ?> e : map.entrySet()) {
          if (e.getValue() instanceof Number number) {
            found.add(new Numeric(key + "." + e.getKey(), range(declared, key), number.doubleValue()));
          }
        }
      }
    }
  }

  private static Range range(Setting declared, String key) {
    if (declared == null) {
      throw new IllegalStateException("numeric setting without a declaration: " + key);
    }
    return Range.of(declared);
  }

  private static Object read(RecordComponent component, Record record) {
    try {
      return component.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException("cannot read setting " + component.getName(), e);
    }
  }

  static String number(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
  }
}
