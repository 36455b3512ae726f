# Embeds every schema/NNN_*.sql file into a generated header, so the binary carries its own
# migrations and runs from any directory.
# CONFIGURE_DEPENDS: a migration added later is embedded by the next build, not only by a new
# configure.
file(GLOB CARAVAN_MIGRATIONS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/schema/*.sql)
list(SORT CARAVAN_MIGRATIONS)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CARAVAN_MIGRATIONS})
set(CARAVAN_MIGRATION_ITEMS "")
foreach(migration ${CARAVAN_MIGRATIONS})
  file(READ ${migration} sql)
  get_filename_component(name ${migration} NAME)
  string(APPEND CARAVAN_MIGRATION_ITEMS "    {\"${name}\", R\"caravan_sql(${sql})caravan_sql\"},\n")
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/generated/store/migrations.inc "${CARAVAN_MIGRATION_ITEMS}")
# The same for PostgreSQL's migrations (schema/pg/NNN_*.sql, src/store/pg.cpp).
file(GLOB CARAVAN_PG_MIGRATIONS CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/schema/pg/*.sql)
list(SORT CARAVAN_PG_MIGRATIONS)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CARAVAN_PG_MIGRATIONS})
set(CARAVAN_PG_MIGRATION_ITEMS "")
foreach(migration ${CARAVAN_PG_MIGRATIONS})
  file(READ ${migration} sql)
  get_filename_component(name ${migration} NAME)
  string(APPEND CARAVAN_PG_MIGRATION_ITEMS "    {\"${name}\", R\"caravan_sql(${sql})caravan_sql\"},\n")
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/generated/store/pg_migrations.inc "${CARAVAN_PG_MIGRATION_ITEMS}")
