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

