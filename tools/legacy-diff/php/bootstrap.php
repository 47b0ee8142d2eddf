<?php
// Loads the legacy classes from an unpacked hided62/hidche_core (LEGACY_ROOT) without
// composer: the sammo\ namespace by hand from hwe/sammo and src/sammo, and the vendor
// packages from LEGACY_ROOT/vendor in composer's layout.
declare(strict_types=1);

error_reporting(E_ALL & ~E_DEPRECATED & ~E_WARNING & ~E_NOTICE);
mb_internal_encoding('UTF-8');

$root = getenv('LEGACY_ROOT');
if (!$root || !is_dir("$root/hwe/sammo")) {
    fwrite(STDERR, "LEGACY_ROOT must point at an unpacked hided62/hidche_core (with hwe/sammo)\n");
    exit(2);
}
define('LEGACY_ROOT', rtrim($root, '/'));

require_once LEGACY_ROOT . '/vendor/brandonwamboldt/utilphp/src/utilphp/util.php';

spl_autoload_register(function (string $class): void {
    $roots = [
        'sammo\\' => [LEGACY_ROOT . '/hwe/sammo/', LEGACY_ROOT . '/src/sammo/'],
        'LDTO\\' => [LEGACY_ROOT . '/vendor/hided62/ldto/src/'],
    ];
    foreach ($roots as $prefix => $dirs) {
        if (!str_starts_with($class, $prefix)) continue;
        $relative = str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        foreach ($dirs as $dir) {
            if (is_file($dir . $relative)) {
                require_once $dir . $relative;
                return;
            }
        }
    }
});

// HTML Purifier (WebUtil::htmlPurify: a nation's notice and scout message) with its HTML5
// definitions, where the checkout's vendor holds them (ezyang/htmlpurifier,
// xemlock/htmlpurifier-html5 at the versions composer.lock pins): PEAR-style class names,
// and the file composer's autoload runs first (the library's path constant).
if (is_file(LEGACY_ROOT . '/vendor/ezyang/htmlpurifier/library/HTMLPurifier.composer.php')) {
    require_once LEGACY_ROOT . '/vendor/ezyang/htmlpurifier/library/HTMLPurifier.composer.php';
}
spl_autoload_register(function (string $class): void {
    if (!str_starts_with($class, 'HTMLPurifier')) return;
    $relative = str_replace('_', '/', $class) . '.php';
    foreach (['/vendor/ezyang/htmlpurifier/library/', '/vendor/xemlock/htmlpurifier-html5/library/'] as $dir) {
        if (is_file(LEGACY_ROOT . $dir . $relative)) {
            require_once LEGACY_ROOT . $dir . $relative;
            return;
        }
    }
});

// The installed game's constants: the d_setting templates (the che unit set, CityConst),
// and GameConst as the installer writes it (Scenario::getGameConf through
// Util::generatePHPClassFile): GameConstBase with the default scenario's stat limits.
foreach (['GameUnitConst', 'CityConst'] as $setting) {
    require_once LEGACY_ROOT . "/hwe/d_setting/$setting.orig.php";
}
(function (): void {
    $stat = json_decode(file_get_contents(LEGACY_ROOT . '/hwe/scenario/default.json'), true)['stat'];
    $conf = [
        'defaultStatTotal' => $stat['total'], 'defaultStatMin' => $stat['min'], 'defaultStatMax' => $stat['max'],
        'defaultStatNPCTotal' => $stat['npcTotal'], 'defaultStatNPCMax' => $stat['npcMax'], 'defaultStatNPCMin' => $stat['npcMin'],
        'chiefStatMin' => $stat['chiefMin'], 'mapName' => 'che', 'unitSet' => 'che',
    ];
    $body = implode("\n", array_map(fn ($k, $v) => 'public static $' . $k . ' = ' . var_export($v, true) . ';', array_keys($conf), $conf));
    eval("namespace sammo; class GameConst extends GameConstBase {\n$body\n}");
})();
require_once LEGACY_ROOT . '/hwe/func_converter.php';
