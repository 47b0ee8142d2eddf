<?php
// The legacy's database for the areas that need it: its own schema (hwe/sql/schema.sql) on
// MariaDB through MeekroDB, as the installed game runs (LEGACY_DB_HOST/PORT/USER/PASSWORD,
// default 127.0.0.1:3306 root without a password; the database is LEGACY_DB_NAME, default
// legacy_diff, dropped and made anew at the start of a run). The installer's generated
// classes (d_setting/DB.php, UniqueConst.php) are stood in for here.
namespace sammo;

require_once LEGACY_ROOT . '/vendor/sergeytsalkov/meekrodb/db.class.php';

class DB
{
    private static $uDB = null;

    public static function db(): \MeekroDB
    {
        if (self::$uDB === null) {
            [$host, $port, $user, $password, $name] = legacy_db_settings();
            self::$uDB = new \MeekroDB($host, $user, $password, $name, $port, 'utf8mb4');
            // As the installed game's DB.php: integers and floats come back as PHP numbers.
            self::$uDB->connect_options[MYSQLI_OPT_INT_AND_FLOAT_NATIVE] = true;
        }
        return self::$uDB;
    }

    public static function prefix(): string
    {
        return '';
    }
}

class UniqueConst
{
    public static $serverID = 'legacy-diff';
    public static $serverName = 'legacy-diff';
    public static $seasonIdx = 0;
    /** The table seed of the case being run (libs/sammo's table seed stands where this stood). */
    public static $hiddenSeed = '';
}

/** The installer's RootDB (the accounts' database): here the case's own database, which holds its `member` tables (php/areas/join.php). */
class RootDB
{
    public static function db(): \MeekroDB
    {
        return DB::db();
    }
}

function legacy_db_settings(): array
{
    return [
        getenv('LEGACY_DB_HOST') ?: '127.0.0.1', (int)(getenv('LEGACY_DB_PORT') ?: 3306),
        getenv('LEGACY_DB_USER') ?: 'root', getenv('LEGACY_DB_PASSWORD') ?: '', getenv('LEGACY_DB_NAME') ?: 'legacy_diff',
    ];
}

/** A fresh database with the legacy schema. */
function legacy_db_create(): void
{
    [$host, $port, $user, $password, $name] = legacy_db_settings();
    $m = new \mysqli($host, $user, $password, '', $port);
    $m->query("DROP DATABASE IF EXISTS `$name`");
    $m->query("CREATE DATABASE `$name` CHARACTER SET utf8mb4");
    $m->select_db($name);
    // InnoDB instead of Aria, so that each case runs in a transaction that is rolled back
    // (legacy_db_case): no table is emptied or flushed between cases. The engine changes no
    // arithmetic or column type.
    $m->multi_query(preg_replace('/ENGINE *= *Aria/', 'ENGINE = InnoDB', file_get_contents(LEGACY_ROOT . '/hwe/sql/schema.sql')));
    do {
        if ($r = $m->store_result()) $r->free();
    } while ($m->more_results() && $m->next_result());
    if ($m->error) throw new \RuntimeException("legacy schema: {$m->error}");
    $m->close();
}

/** Runs one case in a transaction and rolls it back: the next case finds the tables empty. */
function legacy_db_case(callable $run)
{
    $db = DB::db();
    // KVStorage keeps every namespace's values in a static cache, and CityHelper the cities
    // by nation, which a rollback does not reach: each case starts without them.
    (new \ReflectionProperty(KVStorage::class, 'storageList'))->setValue(null, null);
    CityHelper::flushCache();
    $db->startTransaction();
    try {
        return $run();
    } finally {
        $db->rollback();
    }
}

/**
 * A rollback keeps InnoDB's AUTO_INCREMENT counters: after a case that created rows (a
 * general, a nation), the next case's take the ids after its fixture's, as in a fresh game.
 */
function legacy_db_reset_ids(): void
{
    foreach (['general', 'nation'] as $table) DB::db()->query("ALTER TABLE `$table` AUTO_INCREMENT = 1");
}

/** The installer's server paths, which only message icons read. */
class ServConfig
{
    public static $serverWebPath = '';
    public static $sharedIconPath = '/icons';
    public static $gameImagePath = '/images';

    public static function getSharedIconPath(string $filepath = ''): string
    {
        return $filepath ? static::$sharedIconPath . "/{$filepath}" : static::$sharedIconPath;
    }

    public static function getGameImagePath(string $filepath = ''): string
    {
        return $filepath ? static::$gameImagePath . "/{$filepath}" : static::$gameImagePath;
    }
}

/** hwe/lib.php's debug log, which only appends to a file under d_log: dropped here. */
function LogText($prefix, $variable): void
{
}
