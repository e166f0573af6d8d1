package io.engram.config;

import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * The one declaration of a setting, on its component in a section of {@link EngramSettings}: its default, its
 * range and what it does. The key is the section's name and the component's ({@code recall.filesPerTurn}), the
 * type the component's. The section's {@code DEFAULTS}, the range checks of {@link SettingsLoader}, the help
 * texts' variables and the README's table of settings are all read from it, so a new setting is one line.
 */
@Documented
@Retention(RUNTIME)
@Target(RECORD_COMPONENT)
public @interface Setting {
  /**
   * The default, written as {@code settings.json} would hold it: a number (digits may be grouped with {@code _}),
   * {@code true} or {@code false}, a string or an enum constant as it is, a list or an object in JSON (single
   * quotes allowed).
   */
  String byDefault();

  /** The least value of a number, or of each value of a map of numbers. */
  double min() default Double.NEGATIVE_INFINITY;

  /** Whether {@link #min} itself is refused (a value must be greater). */
  boolean aboveMin() default false;

  /** The greatest value of a number, or of each value of a map of numbers. */
  double max() default Double.POSITIVE_INFINITY;

  /** What the setting does, in one sentence (the README's table and {@code engram config --settings} show it). */
  String help();
}
