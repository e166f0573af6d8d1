package com.acme.shop.order;

class OrderServiceTest {}
