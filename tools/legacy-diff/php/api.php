<?php
// The legacy's API classes as its router runs them, for the areas that call them
// (views, nation-settings): a general's session, and one call.
use sammo\{Session, UniqueConst};

/** The viewer's session: logged in as its owner, playing it. */
function api_login(int $generalID): Session
{
    // The instance starts PHP's session, which clears $_SESSION: the login is written after.
    $session = Session::getInstance();
    $_SESSION = ['userID' => $generalID, 'userGrade' => 1, UniqueConst::$serverID . Session::GAME_KEY_GENERAL_ID => $generalID];
    return $session;
}

/**
 * One API call as the legacy's router makes it, less `validateArgs` (its Valitron is not in
 * the checkout's vendor packages): the arguments are given as validation leaves them.
 */
function api_call(string $class, Session $session, array $args = []): array|string
{
    $api = new $class(LEGACY_ROOT . '/hwe', $args);
    $out = $api->launch($session, null, null);
    return is_array($out) ? json_decode(json_encode($out, JSON_UNESCAPED_UNICODE), true) : (string)$out;
}


/**
 * A legacy page — a script that ends in `Json::die` — run on the POST fields it reads, in the
 * session api_login opened: its text is evaluated as a function, its includes (loaded by the
 * runner already) and AJAX check dropped, its `use` lines given to the evaluation, its login
 * gate (`$gate`) the session's instance, and each `Json::die` a return of the answer. The
 * functions it declares (`$functions`) are renamed per call, as a script declares them once and
 * a runner runs the page once a case. Refuses a page whose text is not the one this expects
 * (`$returns`: the fewest answers it gives).
 */
function legacy_page(string $file, array $post, string $gate, int $returns, array $functions = []): array
{
    static $calls = 0;
    $calls += 1;
    $src = file_get_contents(LEGACY_ROOT . "/hwe/$file");
    $body = preg_replace('/^<\?php\s*namespace sammo;/', '', $src, 1, $prefixes);
    preg_match_all('/^use [^;]+;/m', $body, $uses);
    $body = preg_replace('/^use [^;]+;/m', '', $body);
    $body = str_replace(['include "lib.php";', 'include "func.php";', 'WebUtil::requireAJAX();'], '', $body, $dropped);
    $body = str_replace($gate, 'Session::getInstance();', $body, $gates);
    $body = str_replace('Json::die(', 'return (', $body, $answers);
    $body = str_replace(
        array_map(fn ($f) => "$f(", $functions),
        array_map(fn ($f) => "{$f}_$calls(", $functions),
        $body,
        $renamed,
    );
    if ($prefixes !== 1 || $dropped !== 3 || $gates !== 1 || $answers < $returns || $renamed !== 2 * count($functions)) {
        throw new \RuntimeException("$file is not the page this runner knows ($prefixes, $dropped, $gates, $answers, $renamed)");
    }
    $_POST = $post;
    return eval('namespace sammo; ' . implode(' ', $uses[0]) . " return (function () { $body })();");
}
