package com.acme.shop;

public class App {
  public static void main(String[] args) {}
}
