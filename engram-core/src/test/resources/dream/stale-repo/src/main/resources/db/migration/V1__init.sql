create table orders (id bigint primary key);
