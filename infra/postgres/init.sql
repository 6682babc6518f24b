-- Runs once, when the PostgreSQL volume is first initialised (docker-entrypoint-initdb.d).
-- One database for the platform; each service owns its own schema in it (created by its migrations).
CREATE DATABASE afya;
