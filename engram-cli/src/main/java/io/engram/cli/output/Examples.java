package io.engram.cli.output;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Examples of a command's use, each a command line as a person types it, shown at the end of the command's help
 * under "Examples:" ({@link ExamplesSection}). A line starting with {@code #} says what the line after it does.
 * The help contract parses every example with the real command line, so an example that stops working fails the
 * build.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Examples {
  /** The examples, in the order shown. */
  String[] value();
}
