"""English and Chinese word lists behind :mod:`caseledger.domain.policies.action_frames`.

Every entry maps a surface phrase to a *lexeme*: a kind and a canonical value. Kinds:

``op``       an operation (``restart``, ``reset``, ``update``, ``rollback`` ...); ``weak`` ops
             (``use``, ``try``) only count when the clause has no other operation
``obj``      a thing acted on (``router``, ``app``); a *head* object (``cache``, ``driver``,
             ``firmware`` ...) is completed by the object in front of it (``browser cache`` ->
             ``browser.cache``); a *context* object (``settings``, ``device manager``) only says
             where to do something and is never the object of the action
``q``        a qualifier that changes which action it is (``google`` DNS, ``5ghz`` band,
             ``latest`` or ``previous`` version, ``factory`` reset, ``other`` card)
``pv``/``part``  a particle verb and its particle (``turn`` ... ``off``, ``log`` ... ``in``)
``split``    a clause boundary (``and then``, ``然后``, ``后``)
``neg``      negates what follows (``don't``, ``不要``); ``instead`` drops what follows
             (``instead of``, ``代替``)
``pron``     a pronoun standing for the previous object (``it``, ``them``)
``stop``     a word that carries no action (articles, politeness, adverbs)

The lists are deliberately about *support actions*: the verbs and objects that troubleshooting
steps are made of. A word not listed is "unknown"; the parser treats a clause whose object slot
holds an unknown word as not understood, so similarity (not a guess) decides it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

__all__ = [
    "CONTEXT_OBJECTS",
    "DEFAULT_OBJECTS",
    "EN_LEXICON",
    "HEAD_OBJECTS",
    "OBJECT_FAMILIES",
    "OWNER_NAMES",
    "SETTABLE_HEADS",
    "PHYSICAL_OBJECTS",
    "STATEFUL_OPS",
    "ZH_LEXICON",
    "Lexeme",
]

Lexeme = tuple[str, str]

# -- English -------------------------------------------------------------------------------

# "canonical: phrase, phrase ..." — the verb of each phrase is inflected automatically (the
# first word, or the word marked with "*"): "restart" also gives restarts/restarted/restarting.
_EN_OPS = """
restart: restart, reboot, power cycle*, power-cycle, relaunch, force restart, hard restart,
    soft reset, cycle* the power, reopen, bounce,
    hard reboot, soft reboot, force reboot, force-reboot, force-restart, re-start, re-launch,
    re-open, warm boot*, cold boot*,
    cycle* the power on, cycle* power on, cycle* the power to, power-cycle* the,
    cycle* the power of, give* it a restart, give* it a reboot, give* it a quick restart,
    give* it a quick reboot, give* them a restart, give* them a reboot,
    stop* and start, stop* and then start, stop* and restart, stop* and re-start,
    stop* then start, stop* then restart,
    tap* it again, tap* it back on, tap* the tile again, tap* the tile back on,
    click* it again, click* it back on, click* the tile again, click* the tile back on
reset: reset, restore, factory reset*, factory-reset,
    master reset, factory restore, reinitialize, reinitialise, re-initialize, re-initialise,
    factory-default, factory-defaults, recover, reset* to defaults
update: update, upgrade, patch, refresh the firmware, flash, reflash, re-flash,
    bring* up to date, update* to the latest, apply* the update, apply* the updates,
    apply* the latest update, install* the update, install* the updates,
    install* the latest update, install* the latest updates
rollback: roll* back, revert, downgrade, undo the update, go* back to,
    roll* it back, revert* to, restore* the previous version, downgrade* to
readd: reinstall, re-install, readd, re-add, re-pair, repair, relink, re-link, reseat, re-seat,
    re-register, reregister, re-bind, rebind, redownload, re-download,
    re-associate, reassociate, re-enroll, reenroll, re-enrol, re-setup, re-set up, re-create,
    recreate, re-pair*, re-attach, reattach, quick repair, online repair, rebuild, re-build,
    quick repair* on, online repair* on, run* quick repair on, run* online repair on,
    do* a quick repair on, do* an online repair on, do* a repair on, run* a repair on,
    get* it again from, download* it again from, grab* it again from
remove: remove, delete, uninstall, cancel, unsubscribe, unpair, un-pair, forget, unlink,
    un-link, take* out, get* rid of,
    eject, pull* out, deregister, unbind,
    discard, ditch, unregister, un-register, unenroll, un-enroll, disassociate, unsync,
    delete* and forget, forget* about, pick* out, dig* out, scrape* out, fish* out, clear* away,
    exclude
add: add, install, subscribe, resubscribe, enter, re-enter, reenter, type, retype, re-type,
    input, link, bind, register, paste, copy* and paste, copy-paste,
    download, set* up, put* back, insert, reinsert, re-insert, sign* up,
    type* in, key* in, punch* in, fill* in, fill* out, pop* in, pop* back in, slot* in, slide* in,
    put* in, put* back in, stick* in, rekey, re-key, enroll, enrol, associate,
    click* back in, click* it back in, click* them back in, click* back into place,
    snap* back in, snap* it back in, snap* them back in, push* back in, push* it back in,
    push* them back in, seat* it back in, seat* them back in,
    grab, submit
create: create, generate, make a new, make* a, request a new,
    make* up a new, come* up with a new, set* up a new, produce
clear: clear, empty, flush, purge, erase, clean* out, wipe out, wipe,
    wipe* clean, clear* out, zap, nuke
clean: clean, dust, blow, blow* out, brush, brush* out, wipe* down,
    wipe* off, blow* into, scrub, scrub* out, sweep* out, dust* off, dust* out
check: check, verify, confirm, make* sure, ensure, rule* out, inspect, look* at, look* in,
    look* into,
    look* for, review, test, double-check, see* if, see* whether, find* out, examine, validate,
    look* through, pull* up, bring* up, have* a look, take* a look, have* a look at,
    take* a look at, have* a look in,
    take* a look in,
    look* over, go* over, go* through, check* on, make* certain, view, glance* at, peek* at,
    take* a peek at, have* a peek at, doublecheck, recheck, re-check, re-verify, reverify, assess,
    audit, keep* an eye on, pay* attention to, investigate, diagnose, look* up, confirm* whether,
    determine,
    check* if, check* whether, check* to see if, check* to see whether, verify* if,
    verify* whether, confirm* if, find* out if, find* out whether, look* to see if,
    see* whether or not,
    search, search* through, search* for, search* in, dig* through, look* around in,
    browse* through
enable: enable, activate, unmute, unblock, whitelist, unlock,
    re-enable, reenable, re-activate, reactivate, unpause, un-pause, resume, opt* in, opt* into,
    tick, check* the box for, un-mute, un-block,
    bring* back up, bring* it back up, bring* back online, start* back up, start* it back up,
    boot* back up, boot* it back up, fire* back up, fire* it back up, power* back up,
    power* it back up, boot* up, boot* it up, boot* it up again, boot* up again
disable: disable, deactivate, mute, shut* down, shut* off, power* off, power* down, stop, pause,
    do* a shutdown, do* a full shutdown, do* a complete shutdown,
    keep* off,
    block, blacklist,
    untick, uncheck, un-check, un-tick, opt* out, opt* out of, silence, suspend, prevent
allow: allow, grant, permit, give* permission, give* access, approve, authorize, authorise,
    whitelist, give* the app permission, give* the app access, give* it permission,
    give* it access, give* the app, give* apps permission, let* the app use, let* the app access,
    let* it use, let* it access
deny: revoke, deny, disallow, don't allow, dont allow, do not allow, never allow
set: set, change, configure, adjust, modify, edit, point, alter, make,
    choose* a, pick* a, select* a,
    customize, customise, tweak, specify, assign, designate, correct, reconfigure, re-configure,
    switch* over to, change* over to, swap* over to, move* over to, flip* over to, mark
replace: replace, swap, exchange, borrow,
    swap* out, change* out, switch* out, substitute, trade* out,
    swap* in, switch* in
connect: connect, join, reconnect, re-connect, pair, hook* up, plug* into, attach,
    rejoin, re-join, hop* on, hop* onto, hop* back on, hop* back onto, get* onto, get* back on,
    get* back onto, jump* on, jump* onto, tether, link* up
disconnect: disconnect, detach,
    unhook, un-hook
move: move, relocate, reposition, place, put, sit, stand, bring, position, pop,
    shift, elevate, mount, lift, re-position, re-locate, rearrange, re-arrange, carry,
    take* into, take* it into, take* them into, walk* into, walk* over to
charge: charge, recharge, top* up,
    juice* up, fully charge, top* off, re-charge, add* money to, add* funds to, add* some money to,
    put* money in, put* money into, put* some money into, load* money onto, load* money into
contact: contact, call, phone up, ring, reach* out to, get* in touch, ask, notify, consult,
    speak* to, speak* with, talk* to, talk* with, get* hold of, phone,
    chat* with, dial, call* up, ring* up, reach, get* through to, raise* a ticket with,
    open* a ticket with, file* a ticket with, escalate* to, report* it to, report* the problem to,
    report* the issue to, get* on the phone with, touch* base with, inform, call* in,
    ask* if, ask* whether,
    report* the fault to, report* the outage to, report* a fault to, report* a problem to,
    report* an outage to, report* the issue with
calibrate: calibrate, recalibrate, re-calibrate
shake: shake, rock* gently, give* a shake, give* it a shake, give* a gentle shake
scan: scan, rescan,
    sweep* for
close: close, quit, exit, kill, force* close, force* quit, force* stop, swipe* away, end,
    hang* up, hang* up on,
    shut, swipe, swipe* up, swipe* closed,
    terminate,
    close* out, close* down, exit* out, exit* out of, back* out of, force-close, force-quit,
    force-stop, end* task, end* the task, end* process, end* the process, kill* the process,
    end* task on,
    swipe* off, dismiss
open: open, launch, start, load, boot* into, boot* up into
login: log* on, sign* on, login, logon, signin,
    re-login, relogin, re-log in, re-authenticate, reauthenticate, re-sign in, re-signin,
    authenticate
logout: logout, logoff, signout,
    log* off of, sign* off of, log-out, sign-out
unplug: unplug, un-plug, disconnect the power, pull* the plug, pull* the power, cut* the power,
    kill* the power, pull* the power cord, pull* the power cable, remove* the power,
    cut* power, pull* power,
    yank* the plug, yank* the power, yank* out the power, pull* the cord, pull* out the cord,
    pull* the power lead, pull* the power supply, switch* off at the wall, turn* off at the wall,
    switch* off at the socket, turn* off at the socket, disconnect* from power,
    disconnect* from the power, unplug* from the wall, take* the power out, remove* power,
    pull* the power leads, pull* the power cords, pull* the power cables, pull* the plugs,
    pull* the plug on, pull* the plugs on, pull* the plug out, pull* the plug out of,
    pull* the power plug, pull* the power plugs, yank* the power cord, yank* the power lead
plug_in: plug, re-plug, replug, power* on, power* up
hold: hold, press* and hold, long-press, long* press, press, hold* down, keep* held, keep* pressed,
    keep* holding, poke, poke* into, press* and keep holding, press* and keep hold of,
    push* and hold, press* down, hold* in, keep* pushing, long-hold, depress,
    push* the, push* down on, push* in the
nav: go* to, navigate to, visit, tap, click, press* on, select, choose, find, locate, head to,
    follow, pick, hit,
    browse to, go* into, scroll to, open settings, open the settings,
    swipe* down, swipe* down from the top, pull* down, pull* down the notification shade,
    swipe* up from the bottom, swipe* up from the bottom of the screen, swipe* up and hold,
    swipe* up and pause, swipe* up from the bottom and pause, swipe* up from the bottom and hold
free: free* up, make* room, make* space, clear* space, clear* up space, reclaim,
    get* space back, get* back space, get* storage back, get* back storage, recover* space,
    offload, free* space, clean* up space, create* space, create* room, make* more room,
    make* more space, clear* room, clear* some room, free* some space, release* space, save* space,
    recover* storage,
    make* some room, make* some space, clear* some space, create* some space, create* some room,
    make* a bit of room, make* a little room
wait: wait, leave* it, give* it, leave* them, give* them, give* it a full, leave* them a full,
    wait* out, let* it sit, let* it rest, sit* tight, hang* on, pause* for,
    hold* off for, hold* off a, wait* a, give* it some time, give* it time,
    count* to
request: request, apply* for,
    renew, ask* for, request* another, get* sent,
    resend, re-send, send* again, send* another, send* a new, send* me a new, send* a fresh,
    send* yourself, send* yourself a, send* yourself a new, release* and renew
sync: sync, synchronize, synchronise, resync, re-sync,
    re-synchronize, resynchronize, re-synchronise, resynchronise, sync* up, force* a sync,
    force* a resync, force* a re-sync, do* a sync, run* a sync
optimize: optimize, optimise, defragment, defrag, trim,
    tune* up
buy: buy, purchase, order
print: print
drain: drain, discharge, bleed* off,
    flea-drain, drain* out, bleed* out, discharge* fully,
    run* down, run* flat, run* it down
increase: increase, raise, extend, lengthen, boost, turn* up, bump* up, maximize, maximise
decrease: decrease, lower, reduce, shorten, dim, turn* down, minimize, minimise, cut* down
"""

_EN_WEAK = """
use: use, try, try* out, go* with, opt* for, prefer, rely on, test with, get, pay* with,
    pay* by, pay* using, pay, keep, leave,
    apply, employ, utilise, utilize, stick* with, fall* back to, go* for, give* a go
run: run, execute, perform, do, carry* out,
    kick* off, initiate, trigger
"""

_EN_OBJECTS = """
router: router, wifi router, wireless router, wi fi router, access point, mesh router, hub,
    wifi box, wi fi box, internet box, both boxes, both of the boxes,
    broadband router, home router, router box, netgear, linksys,
    tp link, tplink, asus router, netgear router, linksys router, tp link router, eero, orbi, deco,
    nest wifi, google wifi, mesh system, mesh wifi, mesh wi fi, mesh nodes, mesh node, mesh unit,
    mesh units, mesh point, mesh points, base station, wireless access point, wifi access point,
    wi fi access point, main router, wifi hub, wi fi hub, broadband hub, home hub, smart hub,
    routers, dsl router, fiber router, fibre router, wireless gateway
modem: modem, cable modem, dsl modem, gateway, ont, optical modem,
    fiber box, fibre box, fiber modem, fibre modem, onu, optical network terminal,
    optical network unit, cable box modem, adsl modem, vdsl modem, modems, modem router,
    modem/router, combo unit, modem router combo, gateway device, internet gateway
computer: computer, pc, laptop, notebook, desktop, mac, macbook, imac, windows pc, workstation,
    machine,
    chromebook, ultrabook, surface, surface pro, surface laptop, thinkpad, dell laptop,
    lenovo laptop, hp laptop, asus laptop, acer laptop, gaming pc, gaming laptop, pc tower, tower,
    mac mini, macbook air, macbook pro, all in one pc, windows laptop, windows computer,
    desktop pc, desktop computer, home computer, work laptop, work computer, computers, laptops,
    pcs, mac computer
phone: phone, iphone, smartphone, mobile, mobile phone, cell phone, cellphone, handset,
    android phone, galaxy, pixel,
    samsung, samsung phone, galaxy phone, pixel phone, huawei, huawei phone, xiaomi, xiaomi phone,
    oneplus, redmi, oppo, vivo, honor phone, motorola, moto, iphones, phones, mobile device, cell,
    smart phone, android device, ios device, apple phone
tablet: tablet, ipad,
    galaxy tab, kindle, fire tablet, ipad pro, ipad air, ipad mini, android tablet, tablets, ipads,
    e reader, ereader
device: device, devices, gadget
printer: printer, printers, all in one printer, inkjet, laserjet, canon, epson, canon printer,
    epson printer, hp printer, brother printer,
    laser printer, inkjet printer, multifunction printer, mfp, printer scanner, hp deskjet,
    hp officejet, hp envy, hp laserjet, deskjet, officejet, envy printer, pixma, ecotank, brother,
    lexmark, xerox, ricoh, kyocera, lexmark printer, xerox printer, office printer, home printer,
    network printer, wireless printer, wifi printer, wi fi printer, photo printer, copier
headphones: headphones, headphone, headset, earbuds, earbud, earphones, airpods, buds,
    bluetooth headphones, bluetooth headset, bluetooth earbuds, wireless earbuds, the pair,
    ear buds, speaker, bluetooth speaker, jbl, bose, beats, jbl speaker, bose speaker,
    case button,
    earphone, in ear headphones, over ear headphones, true wireless earbuds, tws earbuds,
    galaxy buds, pixel buds, airpods pro, airpods max, powerbeats, bluetooth earphones,
    wireless headphones, wireless headset, earpiece, bluetooth earpiece, earpods, ear pods,
    sony headphones, sony earbuds, beats headphones, noise cancelling headphones,
    noise canceling headphones, bluetooth speakers, speakers, portable speaker, wireless speaker,
    soundbar, sound bar, buds pro, left earbud, right earbud, headsets, the headphones, ear phones
app: app, apps, application, applications, program, programs, software, outlook, gmail,
    mail app, email app, the app, client, mail client,
    game, games, mobile app, phone app, desktop app, the program, mail program, email program,
    email client, the application, apk, mobile application, desktop application,
    bloatware, bloat, crapware, preinstalled apps, pre installed apps, preinstalled programs,
    preinstalled software, preinstalled junk apps, junk apps, junk programs, bundled apps,
    bundled software, trial software, trialware
browser: browser, web browser, chrome, google chrome, firefox, safari, edge, microsoft edge,
    opera, brave,
    internet explorer, chromium, vivaldi, samsung internet, duckduckgo, web browsers, browsers,
    chrome browser, firefox browser, safari browser, edge browser
os: os, operating system, ios, android, windows, macos, system software, firmware update,
    ipados, system, phone software, phones software, device software, software update,
    software updates, system update, system updates,
    windows 10, windows 11, win10, win11, win 10, win 11, android os, os update, os updates,
    operating system update, operating system updates, system software update, security update,
    security updates, security patch, security patches, feature update, feature updates,
    macos update, macos updates, mac os, os x, ios updates, android updates, windows updates,
    one ui, miui, harmonyos, system firmware, phone update, phone updates, software version
cache: cache, caches, cached files, cached data, cached images and files,
    temporary internet files,
    cache files, cached content, cache memory, cached web files, cached pages, temporary cache,
    cache data, cache storage
cookies: cookies, cookie, site data,
    tracking cookies, website data, site cookies, browser cookies, website cookies,
    cookies and site data, cookies and other site data
history: history, browsing history,
    web history, search history, browser history
data: data, app data, storage data, local data
driver: driver, drivers, driver software
firmware: firmware
network.settings: network stack, tcp ip stack, tcpip stack, ip stack, winsock, winsock catalog,
    network configuration, networking settings, network adapter settings
router.firmware: router software, modem software, router's software, router os
firmware.update: firmware update, firmware updates, firmware upgrade,
    firmware updater, firmware update tool, firmware upgrade tool
bios: bios, uefi, bios firmware, system bios, bios update
password: password, passcode, passphrase,
    pwd, login password, account password, sign in password, log in password, passwords, pass code
pin: pin, security pin, pin code, pin number, pins
os.pin: windows hello pin, hello pin, sign in pin, device pin, login pin, windows pin,
    screen lock pin, lock screen pin
card.pin: card pin, card's pin, atm pin, debit card pin, credit card pin, bank card pin
sim.pin: sim pin, sim card pin, sim lock, sim card lock, puk, puk code
settings: settings, configuration, preferences, config,
    prefs
all.settings: all settings, all the settings, every setting
storage: storage, space, storage space, free space, room, capacity,
    storage capacity, storage room
channel: channel, wifi channel, wireless channel, radio channel
address: address
card: card, credit card, debit card, bank card, payment card, visa, mastercard, amex, cards,
    credit, debit, saved card, card on file,
    visa card, mastercard card, discover card, prepaid card, virtual card, chip card, amex card,
    american express, card details on file, stored card, debit cards, credit cards
battery: battery, batteries
charger: charger, charging case, charging dock, charging cradle, charging pad, charging stand,
    wireless charger, power adapter, ac adapter, adapter, power supply, charging brick, power brick,
    ac charger, laptop charger,
    wall charger, charging adapter,
    usb charger, usb c charger, fast charger, phone charger, magsafe charger, magsafe,
    charging block, charging plug, wall adapter, wall plug, charger block, charger brick, chargers,
    power adaptor, adaptor, charging adaptor, original charger, oem charger, charger plug,
    usb power adapter, usb c power adapter, laptop power adapter,
    earbuds case, earbud case, airpods case, headphone case, buds case, earbuds charging case,
    charge case, the case, their case, the earbuds case, the airpods case
cable: cable, cables, cord, lead, wire
port: port, socket port, connector,
    ports
power_outlet: outlet, power outlet, wall outlet, socket, wall socket, power socket, power strip,
    power point, mains socket, electrical outlet,
    plug socket, electrical socket, extension lead, extension cord, surge protector, power bar,
    receptacle, outlet strip, socket strip, gang socket, wall plug socket, outlets, sockets,
    mains outlet, wall outlets, power outlets, power board, the wall, wall, the mains
power_button: power button, power key, power switch, on off button, side button,
    sleep wake button, sleep button, lock button, top button, on button, off button, on off switch,
    power btn, power buttons, power switch button, on/off button, crown, digital crown
wifi: wifi, wi fi, wlan, wireless, wireless connection, wifi connection,
    wireless internet, wireless signal, wifi signal, wi fi signal, wifi radio, wireless radio,
    wi fi connection, wifi feature, wi fi feature, wlan function, wifi function, wi fi function
wifi_network: network, wifi network, wireless network, ssid, saved network, hotspot,
    wi fi network,
    band,
    wifi profile, wi fi profile, network profile, wireless profile, wlan profile, known network,
    known networks, saved networks, remembered network, remembered networks, home wifi, home wi fi,
    home network, wifi networks, wi fi networks, wireless networks, network name, wifi name,
    wi fi name, networks, personal hotspot, mobile hotspot, wlan network
bluetooth: bluetooth, bt,
    bluetooth radio, bluetooth connection, bluetooth function, bluetooth feature,
    bluetooth adapter, bluetooth adaptor, bluetooth dongle, bluetooth card, bluetooth module
# Wi-Fi's neighbouring switches: turning them off is not turning Wi-Fi off.
wifi_assist: wi-fi assist, wifi assist, wlan assist, wi-fi assistant, adaptive wi-fi,
    switch to mobile data automatically
wifi_calling: wi-fi calling, wifi calling, wlan calling, wi-fi call, wi-fi calls, vowifi,
    voice over wi-fi, wifi calls
vpn: vpn, proxy, vpn connection,
    proxy server, proxy servers, vpn service, vpn tunnel, nordvpn, expressvpn, surfshark,
    protonvpn, proton vpn, anyconnect, cisco anyconnect, globalprotect, vpns,
    virtual private network, web proxy, proxy connection
dns: dns, dns server, dns servers, dns settings, name server, nameserver, dns address,
    dns resolver, domain name server, domain name servers, dns provider, dns entries, dns config,
    dns configuration, name servers, nameservers, resolver, resolvers, public resolver,
    public resolvers, dns resolvers, name lookups, name lookup, name resolution
airplane_mode: airplane mode, aeroplane mode, flight mode,
    plane mode, flight safe mode, airplane, aeroplane
setup_button: setup button, set up button
power_management: power management, allow the computer to turn off this device to save power,
    allow the computer to turn off this device, turn off this device to save power
battery_saver: battery saver, low power mode, power saving mode, power saver,
    battery saver mode,
    low power, battery saving mode,
    power saving, battery saving, energy saver, eco mode, ultra power saving,
    ultra power saving mode, low battery mode, power saver mode, battery saver setting,
    energy saving mode, energy saving
isp: isp, internet provider, internet service provider, broadband provider, provider, carrier,
    broadband company, internet company, cable company, broadband supplier, internet supplier,
    service provider, network provider, wifi provider, wi fi provider, telecom provider, telco,
    phone company, xfinity, comcast, spectrum, verizon, virgin media, sky broadband, bt broadband,
    cox, centurylink, frontier, optimum, isp support, internet support, broadband support,
    internet company support, isps, internet providers, fiber provider, fibre provider,
    cable provider, mobile carrier, wireless carrier, network operator, internet service providers,
    broadband provider support, internet provider's support, isp's helpdesk, isp helpdesk,
    isp hotline, broadband helpline
bank: bank, card issuer, issuer, issuing bank, bank's fraud team, fraud department,
    number on the back of your card, number on the back of the card, number on your card,
    banks fraud team, bank's customer service, bank's hotline,
    card company, card provider, credit card company, card companys, card company's, bank support,
    bank helpline, fraud team, fraud line, fraud hotline, bank hotline, banks, bank branch,
    credit union, card services, card issuers, issuer's, issuers, banking support, bank's support,
    bank's helpline, bank's fraud line, bank's app support,
    number on the back of your card, number on the back of the card,
    number on the back of your visa, number on the back of your mastercard,
    number on the back of your debit card, number on the back of your credit card,
    number printed on the back of your card, number printed on the back of the card,
    number printed on the back of your debit card, number printed on the back of your credit card,
    phone number on the back of your card, phone number on the back of the card
merchant: merchant, seller, vendor, shop
paypal: paypal
alipay: alipay
apple_pay: apple pay
account: account, accounts, profile, user account,
    session, sessions, user profile, member account, customer account, login session,
    user accounts, logged in session
email_account: email account, mail account, mailbox account, email profile,
    exchange account, imap account, pop account, pop3 account, work email account, email accounts,
    mail accounts, mail profile, e mail account, mailbox profile, outlook profile,
    outlook profiles, mail profiles, email profiles, show profiles
mailbox: mailbox, inbox, email inbox,
    mail box, email box, inbox folder, mailboxes, e mail inbox, mail inbox
trash: trash, trash folder, recycle bin, recycling bin,
    trash can, wastebasket, bin,
    trash bin, bin folder,
    recycle bin folder, rubbish bin, recently deleted, recently deleted folder
# Where sent mail waits: emptying it is not freeing the mailbox.
# What a mail client or Windows builds for itself and can be made to build again.
search_index: search index, search indexes, windows search index, outlook search index,
    index, search catalog, indexing catalog
ost_file: ost file, ost, ost files, offline data file, outlook data file, offline outlook data file,
    outlook ost file, ost data file
outbox: outbox, out box, outbox folder, outgoing queue, outbox queue, outgoing folder, outboxes
    stuck messages, stuck message, stuck emails, stuck email, stuck mail, unsent messages,
    unsent emails, unsent mail, unsent message, unsent email, messages stuck in the outbox
spam_folder: spam folder, junk folder, junk mail folder, spam, junk mail, junk, spam box,
    junk box, junk e mail, junk email folder, junk e mail folder, bulk folder, bulk mail,
    quarantine, spam mail, spam messages, junk messages, junk email, spam emails, junk emails,
    spam mailbox, junk mailbox, spam or junk folder, spam/junk folder
# Other queues a "queue" may name: never the print queue.
download_queue: download queue, downloads queue, pending downloads, download list, downloads list,
    update queue, app download queue, play store queue, app store queue
print_queue: print queue, printing queue, printer queue, pending jobs, pending job, print jobs,
    print job,
    queued jobs, pending print jobs,
    printing jobs, print tasks, queued documents, stuck print job, stuck print jobs, stuck jobs,
    print list, jobs in the queue, document queue, printer jobs, print que, print queues,
    waiting documents, pending documents, queued print jobs, the queue, queue, spooled jobs,
    print spool,
    documents waiting to print, documents waiting to be printed, documents in the queue,
    jobs waiting to print, waiting print jobs, files waiting to print,
    documents in the print queue, documents queued for printing, queued print documents,
    every job, all jobs, all the jobs, each job, every print job, all print jobs
# The Print Spooler service is its own step: restarting it is not clearing the queue.
print_spooler: print spooler, spooler, print spooler service, spooler service, printer spooler,
    print spooler services
ink_cartridge: ink cartridge, ink cartridges, cartridge, cartridges, toner, toner cartridge, ink,
    ink tank, ink tanks, printer ink, ink refill, ink refills, inks, toner cartridges, toner cart,
    ink cart, ink carts, black cartridge, color cartridge, colour cartridge, tri color cartridge,
    printer cartridge, printer cartridges, printhead cartridge
paper: paper, tray, paper tray,
    input tray, feed tray, paper feed, sheets, sheet, paper cassette, main tray, paper drawer,
    printer paper, a4 paper, copy paper
paper_jam: paper jam, jammed paper, stuck paper, jam, paper stuck,
    jammed sheet, stuck sheet, paper misfeed, misfeed, crumpled paper, torn paper, scraps of paper,
    paper scraps, bits of paper, jammed page, paper jams, jammed pages, stuck pages, stuck page,
    torn sheet, jammed sheets,
    crumpled sheet, crumpled sheets, torn sheets, crumpled page, crumpled pages, wedged paper,
    wedged sheet
default_printer: default printer
print_head: print head, print heads, printhead, printheads, printer head, printer heads, nozzle,
    nozzles, print nozzles, ink nozzles, print head nozzles, head cleaning, nozzle cleaning,
    head clean, nozzle clean, print head cleaning, printhead cleaning, cleaning cycle,
    head cleaning cycle, cleaning utility, head cleaning utility, head cleaning tool
troubleshooter: troubleshooter, troubleshooting tool, diagnostics, diagnostic tool,
    troubleshooting wizard, diagnostic wizard, diagnostics tool, troubleshooters, fix it tool,
    get help troubleshooter
startup_apps: startup programs, startup apps, startup items, startup applications, startup,
    auto starting, autostarting, auto launching, auto launch, autorun, auto run, auto running,
    starting up automatically, start up automatically, starts up automatically,
    starting automatically, start automatically, launch automatically, autostart, auto start,
    launching at startup, run at startup, starting at startup,
    login items, apps that launch at startup, programs that start at startup
background_apps: background apps, background programs, background processes,
    background applications, apps running in the background, programs running in the background,
    running apps, running programs, running applications, running processes, open apps,
    open programs, open applications, tasks, processes, task, process, running tasks,
    apps in the background, programs in the background, background tasks, background services,
    other apps, other programs, other applications, idle apps, resource heavy programs,
    apps you arent using, programs you arent using, apps you are not using,
    programs you are not using, apps you dont use, programs you dont use, apps you do not use,
    programs you do not use, apps you dont need, programs you dont need,
    apps you are not using right now, apps youre not using, programs youre not using,
    apps youre not using right now, apps you re not using, programs you re not using,
    everything you arent using, everything youre not using, everything you are not using,
    everything you dont need, everything you do not need, anything you arent using,
    anything youre not using, anything you dont need, whatever you arent using,
    system tray apps, tray icons, apps in the system tray, programs in the system tray, tray apps,
    apps running in the system tray, programs running in the system tray, apps running in the tray,
    programs running in the tray,
    stuff running in the background, things running in the background,
    high cpu processes, high cpu apps, high cpu programs, high memory processes, cpu hogs,
    resource hogs, memory hogs, resource hungry apps, resource hungry programs,
    resource heavy apps, resource heavy processes, heavy processes, heavy programs,
    programs using a lot of cpu, apps using a lot of cpu, processes using a lot of cpu,
    programs using a lot of memory, apps using a lot of memory, processes using a lot of memory,
    apps hogging memory, programs hogging memory, apps hogging cpu, programs hogging cpu,
    processes hogging cpu, processes hogging memory, apps hogging resources,
    programs hogging resources, processes with high cpu, processes using high cpu,
    processes using the most cpu, apps using the most memory, programs using the most memory
disk: disk, hard drive, drive, ssd, hard disk, hdd, c drive, internal storage,
    storage drive, system drive, boot drive, local disk, solid state drive, disk drive, main drive,
    primary drive, hard disk drive, local drive, system disk, startup disk, macintosh hd, nvme
malware: malware, virus, viruses, spyware, adware, antivirus, anti virus, antivirus software,
    defender, windows defender, windows security, microsoft defender,
    malwarebytes, norton, mcafee, avast, avg, kaspersky, bitdefender, eset, sophos, trojan,
    trojans, ransomware, rootkit, rootkits, antimalware, anti malware, virus scanner,
    security software, antivirus program, antivirus app, virus protection, antivirus scanner,
    windows defender antivirus, microsoft defender antivirus, security scanner, malicious software,
    infections, infection, threats, viruses or malware, virus checker, anti virus program,
    anti virus software
ram: ram, memory, memory sticks, memory stick, ram modules, memory modules, dimm, ram stick,
    ram sticks, memory module,
    system memory, stick of ram, sticks of ram, stick of memory, sticks of memory, ddr4, ddr5,
    so dimm, sodimm, memory chips, ram chip, ram chips, memory kit, ram kit
power_plan: power plan, power mode, performance mode, power profile,
    power options, power scheme, performance profile, power slider, power mode slider, energy plan,
    power plans, power settings plan, performance setting, battery performance mode
2fa: 2fa, two factor authentication, two factor, two step verification, mfa,
    2 step verification,
    multi factor authentication, two factor auth, 2sv,
    two step, 2 step, two step authentication, 2 factor, 2 factor authentication, second factor,
    multifactor, multi factor, multifactor authentication, two factor verification,
    2 factor verification, 2step, 2 step authentication, two step login, login verification,
    two factor login, dual factor, 2fa protection
backup_code: backup code, backup codes, recovery code, recovery codes,
    backup verification code, backup verification codes, emergency code, emergency codes,
    scratch code, scratch codes, one time backup code, recovery key, backup key, backup pin,
    spare code, spare codes, backup login code, backup login codes
app_password: app password, app passwords, app specific password, app specific passwords,
    application specific password, application password
caps_lock: caps lock, capslock, caps,
    shift lock, caps key, caps lock key, capital letters, uppercase lock, all caps
clock: clock, time, date and time, date,
    time and date, system time, system clock, phone clock, phone's clock, device time,
    device clock, network time, time setting, time settings, date settings, date setting,
    clock settings, phone time
time_zone: time zone, timezone, time zones, timezones
permission: permission, permissions, access,
    permissions settings, app permissions, access rights, privileges
camera: camera
microphone: microphone, mic
location: location, location services, gps
notifications: notifications, notification, push notifications,
    alerts, alert, banners
extensions: extensions, extension, add ons, addons, add on, plugins, plug ins, plugin,
    ad blocker, adblocker, ad blockers, content blocker, content blockers,
    toolbars, toolbar, password manager, password managers, password manager extension,
    user scripts, tampermonkey, ublock, ublock origin, adblock, adblock plus, ghostery,
    privacy badger, honey, browser extensions, browser plugins, browser add ins, add ins, add in,
    script blocker, tracker blocker
incognito: incognito, incognito mode, incognito window, private window, private browsing,
    private browser window, private browser, incognito tab, private browsing mode,
    private browsing window, private mode, inprivate, inprivate window, private tab
sync: sync, syncing, synchronization, auto sync, sync email, email sync, mail sync,
    mail syncing, sync setting, account sync, auto-sync, automatic sync, background sync,
    sync option, syncing of mail, mail sync setting, sync for mail, mail sync option, sync switch,
    sync mail, sync emails, sync e mail
data_sync: contacts sync, contact sync, contacts syncing, calendar sync, calendars sync,
    calendar syncing, sync contacts, sync calendar, sync calendars
username: username, user name, login name, user id,
    login id, account name, sign in name, login username, user login
email: email, emails, mail, messages, message,
    e mails, e mail, mails, old emails, old mail, large emails, large attachments,
    emails with attachments, newsletters, old messages, mail items
refund: refund, money back
replacement: replacement, exchange
subscription: subscription, plan, membership
compass: compass
brightness: brightness, screen brightness, display brightness
screen: screen, display, monitor,
    touchscreen, touch screen, lcd, display screen
keyboard_layout: keyboard layout, input language, keyboard language, input method
hardware_acceleration: hardware acceleration
ipv6: ipv6
ip_address: ip address, ip lease, ip,
    ip config, ip configuration, dhcp lease, ip addresses, ipconfig release, ipconfig renew,
    ipconfig /release, ipconfig /renew, ipconfig release and renew, dhcp renew, ip renew
smc: smc, system management controller
nvram: nvram, pram
mobile_data: mobile data, cellular data, cellular, data plan, 4g, 5g data, lte,
    cellular data network, mobile network, mobile internet, 4g data, cell data, data roaming,
    mobile data connection
ethernet: ethernet, wired connection, lan, wired,
    wired internet, wired network, lan connection, wired lan, hardwired connection,
    hard wired connection, wired link
ethernet.cable: network cable, ethernet cable, lan cable, patch cable, ethernet cord, wan cable,
    wan lead, wan ethernet cable, wan port cable, uplink cable,
    cat5 cable, cat6 cable, cat 5 cable, cat 6 cable, rj45 cable, network cord, lan cord,
    wired cable, internet cable
internet: internet, internet connection, connection, connectivity, online,
    internet access, web access, data connection, broadband connection, network connection,
    online connection, web connection, internet service, internet connectivity, network access,
    connection status
update: update, updates, latest update, pending updates,
    updater, update tool, software updater, update assistant
link: link, verification link,
    verification email, magic link, sign in link, login link, confirmation email,
    confirmation link, activation email, activation link, verification emails, confirmation emails
password_reset: password reset, password reset link, reset link, password reset email,
    reset email, forgot password link, forgot password,
    forgot your password, forgotten password, forgot my password, reset password link,
    password recovery, reset your password link, password reset page,
    forgot password option, forgot password button, lost password, recover password, password help,
    trouble signing in link
account_recovery: account recovery, account recovery form, account recovery process,
    account recovery request, recovery form, identity verification form, verify your identity,
    identity check, identity verification
outage: outage, service outage,
    outages, service disruption, service interruption, network outage, internet outage,
    broadband outage, local outage, area outage, outage in your area, outage in the area,
    outage in my area, service outages, downtime, down time, service issue, service issues,
    network problem in the area, disruption, disruptions, outage map, fault in the area,
    area fault, line fault, network fault, maintenance in the area, planned maintenance
power: power, mains
power.cable: power cable, power cord, power lead, mains cable, power plug, mains plug
compass_app: maps app, maps
firewall: firewall
focus: focus, focus mode, do not disturb, dnd
# A phone call in progress: ending it is hanging up, never signing out of a session.
call: the call, call session, the call session, phone call, voice call, video call, current call,
    active call, ongoing call, the current call, the phone call, calls, the calls, call audio
# What a button combination is held for when it is not a restart.
boot_mode: recovery mode, recovery menu, download mode, fastboot mode, dfu mode, odin mode,
    boot menu, boot options menu, startup manager
screenshot: screenshot, screen shot, screen capture, screengrab, screen grab, screen recording
test_page: test page, test print, test printout, test sheet, printer test page, test document,
    self test page, self-test page
files: files, file, photos, photo, pictures, picture, videos, video, documents, downloads,
    media,
    temp files,
    junk files, old files, large files, big files, downloads folder, music, songs, attachments,
    screenshots, recordings, voice memos, podcasts, downloaded episodes, offline files,
    downloaded files, movies, clips, unused files, leftover files, system junk, junk data,
    photos and videos, old photos, old videos, camera roll, gallery, duplicate photos, duplicates,
    temp folder, tmp files, log files, update files, previous windows installations,
    temporary windows installation files
card.details: card details, card number, expiry date, expiration date, expiry, security code,
    cvv,
    cvc, cvv code, card information, card info,
    card's details, payment details, card data, exp date, expiration, valid thru, three digit code,
    security number, cvv2, name on card, name on the card, cardholder name, card holder name,
    expiry month, expiry year, expiration month, expiration year, long number, card digits,
    card expiry, card expiration, expiry details, card security code, csc, verification number,
    card verification code, card verification value, cvc code, card hasn't expired,
    card has not expired, card isn't expired, card is not expired, card is still valid,
    card is valid, card has expired, card is expired, card expired, card's expiry date,
    card expiry date, card expiration date, card's expiration date, cards expiry date,
    expiry on the card, expiry date on the card, expiration date on the card
line: line, phone line, cable line
residual_power: residual power, flea power, static charge, residual charge, leftover charge,
    leftover power, remaining charge, stored charge
payment: payment, transaction, transactions, purchase, charge attempt, payments,
    checkout payment, card payment, the purchase, online payment,
    declined payment, declined transaction, pending charge, pending payment, decline, declines,
    declined charge, declined purchase, declined order,
    pending charge to clear, pending payment to clear, pending transaction to clear,
    charge to clear, payment to clear, transaction to clear, pending charge to drop off,
    pending payment to drop off, pending transaction to drop off, pending charge to disappear,
    pending payment to disappear, pending transaction to disappear, hold to clear,
    pending charge to fall off, pending charge to go away
dirt: dust, lint, debris, dirt, fluff, gunk, grime,
    pocket lint, crud, grit, crumbs, dust bunnies, particles, residue, foreign objects,
    foreign object, fuzz, sand
reset_button: reset button, reset key, reset pin, reset hole,
    pinhole, pinhole button, pin hole, recessed button, recessed reset button, reset switch,
    tiny reset button, small reset button, reset pinhole, pinhole reset, pinhole reset button,
    reset buttons
tv: tv, television, smart tv, tv set
streaming_stick: fire tv stick, fire stick, firestick, fire tv, roku, chromecast, streaming stick,
    streaming device, apple tv
console: game console, console, nintendo switch, xbox, playstation, ps5, ps4
hdmi.cable: hdmi cable, hdmi cord, hdmi lead
battery_optimization: battery optimization, battery optimisation, battery optimizations,
    battery usage optimization, optimize battery usage
private_address: private address, private wifi address, private wi fi address, random mac,
    random mac address, randomized mac, mac randomization, random hardware address,
    private mac address, mac address randomization, mac address randomisation, mac randomisation,
    randomized mac address, randomised mac, randomised mac address, randomized mac addresses,
    random mac addresses, mac randomization setting
visual_effects: visual effects, animations, animation effects, transparency effects, animation
work_offline: work offline, working offline
wechat_pay: wechat pay, wechat wallet, wechat balance, wechat pay balance, weixin pay
focused_inbox: focused inbox, focused other, focused other split, focused and other,
    focused tab, focused view
phone_number: phone number, mobile number, cell number, cellphone number, phone no
verification_code: verification code, verification codes, sms code, text code, login code,
    one time code, one time password, otp, security code by text, code by text,
    one time passcode, one time pin, otp code, 2fa code, two factor code, authentication code,
    auth code, sign in code, confirmation code, 6 digit code, six digit code, text message code,
    another one time code, a new one time code, another one time password, access code, code,
    codes, the code
volume_button: volume button, volume buttons, volume up, volume down, volume key, volume keys
forwarding: forwarding, auto forwarding, auto forward, automatic forwarding, mail forwarding,
    email forwarding, forwarding rule, forwarding rules, autoforwarding, forwarding your emails,
    forwarding your email, forwarding emails, forwarding mail, forwarding your mail,
    rule that forwards your email, rule that forwards your emails, rule that forwards your mail,
    rule that forwards emails, rule forwarding your email, forwarding address
auto_reply: auto reply, auto replies, automatic reply, automatic replies, autoreply,
    out of office, out of office reply, vacation responder, vacation reply, away message
billing.address: billing address, zip code, postcode, post code, postal code, billing zip,
    billing postcode, billing zip code, billing info, billing information, billing details,
    address on file, address on the card, card address, cardholder address, billing street address,
    statement address
charging.cable: lightning cable, usb c cable, usb-c cable, type c cable, micro usb cable,
    data cable, charging cable, charge cable, charging cord, charger cable, charger cord,
    usb cable, usb cord, lightning cord, charging lead, charger lead
charging.port: lightning port, usb c port, type c port, charge port, charging socket,
    charging jack, charging port, charger port, charging connector, charging slot, charging input,
    charging hole
dns.cache: dns resolver cache, resolver cache, dns cache, dns records cache, dns client cache
extender: extender, extenders, range extender, wifi extender, wi fi extender, wireless extender,
    repeater, wifi repeater, wi fi repeater, wireless repeater, booster, wifi booster,
    wi fi booster, signal booster, powerline adapter, powerline adapters, powerline
# The router's own admin secret is not the Wi-Fi key nor an account's password.
router.admin_password: admin password, router admin password, router admin login password,
    admin login password, administrator password, router administrator password,
    router admin page password, router login password, router's admin password
wifi.password: network key, wifi key, wi fi key, wireless key, security key, network security key,
    wpa key, wpa2 key, wireless password, wifi password, wi fi password, network password,
    hotspot password
card.international: international payments, overseas transactions, foreign transactions,
    foreign payments, online payments, international purchases, overseas purchases,
    international transactions, overseas payments, online transactions,
    foreign currency transactions, card not present transactions, ecommerce transactions,
    cross border payments, online purchases, foreign purchases, overseas use, international use,
    online use
printer.driver: printer software, printer drivers, print driver, print drivers,
    printer driver software, printing software, printer driver package
email.server_settings: incoming server, incoming mail server, imap server, imap settings, imap port,
    incoming settings
printer.troubleshooter: printing troubleshooter, printing troubleshooters
# A mail client's own bin: emptying it gives the mailbox room, not the phone.
mail_trash: deleted items, deleted items folder, deleted folder, deleted mail, deleted messages,
    deleted emails, deleted mail folder, deleted messages folder, mail trash, email trash
# Whom a customer contacts when nothing else works: the service's own support, not the bank
# nor the ISP ("bank support", "isp support" are theirs, longest match first).
support: support, support team, customer support, customer service, customer care, help desk,
    helpdesk, service desk, tech support, technical support, support agent, support staff,
    support desk, support line, support hotline, customer service team, customer support team,
    support department, customer service department, support rep, support representative,
    customer service rep, customer service representative, customer support agent,
    customer service agent, live chat, live agent, live support, support chat, help team,
    care team, customer care team, our team, the team, app support, apple support,
    microsoft support, google support, samsung support, account support, support staff member
support_ticket: support ticket, ticket, support request, support case, help request,
    help ticket, service ticket, service request, trouble ticket
# Mail from a sender one trusts: the safe-senders list and what stands for it (contacts).
sender: sender, senders, email address of the sender, sender's address, senders address,
    sender address, sender's email,
    senders email, sender's email address, senders email address, sender email address,
    sender's domain, senders domain, sender domain, the sender's address
safe_senders: safe senders, safe senders list, safe sender list, safe sender, safe list,
    allowed senders, allowed senders list, trusted senders, trusted senders list, trusted sender,
    approved senders, approved senders list, allow list, allowlist, whitelist, white list,
    safe senders and recipients, safe recipients list, contact list, address book,
    trusted contacts, trusted contact, safe contacts, vip list, vips, vip senders, safe domains
email_filters: filters, filter, email filters, mail filters, inbox rules, mail rules,
    email rules, message rules, filter rules, filtering rules, inbox filters, outlook rules,
    sorting rules, rules, rule, mail filter, email filter, inbox rule, mail rule, email rule,
    message filters, filters and blocked addresses
# A blocked sender is let through again by taking it off this list (unblocking it).
blocked_senders: blocked senders, blocked senders list, blocked sender list, blocked list,
    block list, blocklist,
    blocked addresses, blocked contacts, blocked users, blacklist, black list, blocked domains,
    blocked sender list, blocked email addresses
# The outgoing (SMTP) server is not the incoming (IMAP/POP) one.
email.outgoing_server: outgoing server, outgoing mail server, smtp, smtp server, smtp settings,
    smtp port, outgoing settings, outgoing port, outgoing server settings, smtp authentication,
    outgoing mail settings, outgoing mail server settings, smtp server settings, smtp host,
    outgoing smtp port, outgoing smtp, outgoing mail port, outgoing email port, smtp ports,
    outgoing smtp settings, outgoing smtp server
background_refresh: background app refresh, background refresh, background data,
    background activity, refresh in the background, background data usage, app refresh
# What an app may use: "allow the app to access your camera" is its camera permission.
camera.permission: access to camera, access to the camera, access to your camera, camera access,
    camera permission, camera permissions, permission to access camera,
    permission to access the camera, permission to access your camera, permission to use camera,
    permission to use the camera, permission to use your camera, to access camera,
    to access the camera, to access your camera, to use camera, to use the camera,
    to use your camera
microphone.permission: access to mic, access to microphone, access to the mic,
    access to the microphone, access to your mic, access to your microphone, mic access,
    mic permission, mic permissions, microphone access, microphone permission,
    microphone permissions, permission to access mic, permission to access microphone,
    permission to access the mic, permission to access the microphone,
    permission to access your mic, permission to access your microphone, permission to use mic,
    permission to use microphone, permission to use the mic, permission to use the microphone,
    permission to use your mic, permission to use your microphone, to access mic,
    to access microphone, to access the mic, to access the microphone, to access your mic,
    to access your microphone, to use mic, to use microphone, to use the mic,
    to use the microphone, to use your mic, to use your microphone
location.permission: access to location, access to the location, access to your location,
    location access, location permission, location permissions, permission to access location,
    permission to access the location, permission to access your location,
    permission to use location, permission to use the location, permission to use your location,
    to access location, to access the location, to access your location, to use location,
    to use the location, to use your location
files.permission: access to files, access to media, access to photos, access to storage,
    access to the files, access to the media, access to the photos, access to the storage,
    access to your files, access to your media, access to your photos, access to your storage,
    files access, files permission, files permissions, media access, media permission,
    media permissions, permission to access files, permission to access media,
    permission to access photos, permission to access storage, permission to access the files,
    permission to access the media, permission to access the photos,
    permission to access the storage, permission to access your files,
    permission to access your media, permission to access your photos,
    permission to access your storage, permission to use files, permission to use media,
    permission to use photos, permission to use storage, permission to use the files,
    permission to use the media, permission to use the photos, permission to use the storage,
    permission to use your files, permission to use your media, permission to use your photos,
    permission to use your storage, photos access, photos permission, photos permissions,
    storage access, storage permission, storage permissions, to access files, to access media,
    to access photos, to access storage, to access the files, to access the media,
    to access the photos, to access the storage, to access your files, to access your media,
    to access your photos, to access your storage, to use files, to use media, to use photos,
    to use storage, to use the files, to use the media, to use the photos, to use the storage,
    to use your files, to use your media, to use your photos, to use your storage
# A temporary lock on an account after failed sign-ins: one waits it out.
account.lock: lockout, account lockout, lock, account lock, lockout period, temporary lock,
    temporary lockout, lock out, login lock, sign in lock, temporary block, account block,
    security lock, lockout timer, lockout to end, lockout to expire, lock to expire, lock to end,
    lock to lift, lockout to lift, lock to clear, lockout to clear, account lockout to end,
    account lock to end, lock to time out, lockout to time out
# What an app may use the mobile network for ("allow the app to use mobile data").
app.mobile_data: to use mobile data, to use cellular data, to use cellular, to use mobile internet,
    mobile data access, cellular data access, to use your mobile data, to use the mobile network
google_pay: google pay, google wallet, gpay, samsung pay, samsung wallet
virtual_memory: virtual memory, page file, paging file, pagefile, swap file, swap space,
    virtual memory size, page file size, paging file size
# How one pays: a different method is not a different card.
credentials: credentials, login credentials, sign in credentials, login details, log in details,
    sign in details, username and password, user name and password, email and password,
    account credentials
payment_method: payment method, payment methods, method, payment option, payment options,
    way to pay, form of payment, payment type, method of payment
# Taking a message out of spam ("mark it as not junk", "tap Not spam").
email.not_spam: not spam, not junk, not junk button, not spam button, report not spam,
    mark as not spam, mark as not junk
browser.tabs: tabs, browser tabs, open tabs, extra tabs, unused tabs, chrome tabs, other tabs,
    tabs you dont need, tabs you arent using, background tabs
# Windows' own system files, checked by SFC / DISM: not a malware scan.
system_files: sfc, sfc scan, sfc scannow, system file checker, system file check, system files,
    corrupted system files, corrupt system files, dism, dism scan
# The drive's own health (errors, bad sectors), not the battery's.
disk.health: disk health, drive health, hard drive health, ssd health, disk errors, drive errors,
    errors on the disk, errors on the drive, disk for errors, drive for errors, chkdsk,
    check disk, bad sectors, smart status, disk check, drive check
data_saver: data saver, data saver mode, data saving mode, low data mode, data saving,
    mobile data saver, lite mode
recovery_phone: trusted phone number, trusted number, backup phone number, backup number,
    recovery phone number, recovery phone, recovery number, secondary phone number,
    second phone number, alternate phone number, alternative phone number, trusted phone,
    backup phone, recovery mobile number, backup mobile number, trusted phone numbers,
    recovery phone numbers, backup phone numbers
"""

_STARTUP_VERBS = ("launch", "start", "run", "open", "load", "boot")
_STARTUP_WHEN = (
    "at startup",
    "on startup",
    "at start up",
    "at boot",
    "on boot",
    "at boot up",
    "on boot up",
    "at login",
    "on login",
    "at log in",
    "at sign in",
    "at logon",
    "with windows",
    "when the computer starts",
    "when windows starts",
    "when windows boots",
    "when windows loads",
    "when the computer boots",
    "when the computer boots up",
    "when the pc boots",
    "when the laptop starts",
    "when the laptop boots",
    "when the mac starts",
    "when the system starts",
    "when the phone starts",
    "when you start the computer",
    "when you turn on the computer",
    "when you boot",
    "when you boot up",
    "at windows startup",
    "on windows startup",
    "at system startup",
    "on system startup",
    "at start",
    "on start",
    "by themselves",
    "on their own",
    "in the background at startup",
    "when the pc starts",
    "when you log in",
    "when you sign in",
    "automatically",
)


def _startup_phrases() -> str:
    """ "launching at boot", "opens on startup", "run when Windows starts": the startup list."""
    forms = sorted(
        {
            f"{form}{how} {when}"
            for verb in _STARTUP_VERBS
            for form in {
                verb,
                verb + "s",
                "running" if verb == "run" else verb + "ing",
                "ran" if verb == "run" else verb + "ed",
            }
            for when in _STARTUP_WHEN
            for how in ("", " automatically", " by itself", " on its own")
            if not (how and when == "automatically")
        }
    )
    return "startup_apps: " + ", ".join(forms) + "\n"


def _zh_startup_phrases() -> str:
    """ "开机时自动运行的程序", "启动时自启的软件": every "when it boots" x "starts by itself" x
    "the programs" of the Chinese startup list."""
    when = ("开机", "开机时", "开机的时候", "启动时", "电脑启动时", "开机后")
    starts = ("自动运行", "自动启动", "自启动", "自启", "自动打开", "自动开启", "启动", "运行")
    what = ("", "的程序", "的软件", "的应用", "项", "的项目")
    forms = sorted({f"{w}{s}{t}" for w in when for s in starts for t in what})
    return "startup_apps: " + ", ".join(forms) + "\n"


# Objects that need the object in front of them: "browser cache" -> "browser.cache".
HEAD_OBJECTS = frozenset(
    {
        "cache",
        "cookies",
        "history",
        "data",
        "driver",
        "firmware",
        "password",
        "settings",
        "storage",
        "channel",
        "address",
        "permission",
        "troubleshooter",
        "cable",
        "port",
        "extensions",
        "sync",
        "update",
    }
)

# Objects that can complete a head ("wifi" + "driver" -> "wifi.driver"); others are not owners.
_OWNER_WORDS = """
browser: browser, web browser, chrome, google chrome, firefox, safari, edge
app: app, application, the app, apps
dns: dns
battery: battery
wifi: wifi, wi fi, wireless, wlan, network adapter, wireless adapter, wifi adapter,
    wi fi adapter,
    wireless network, wifi network, wi fi network,
    wi fi card, wireless network card,
    wireless network adapter, network card, wireless card, wlan card
bluetooth: bluetooth, bt, bluetooth adapter, bluetooth adaptor, bluetooth dongle, bluetooth card,
    bluetooth module
printer: printer
graphics: graphics, gpu, graphics card, video card, nvidia, amd
router: router
modem: modem
network: network, internet
email: email, mail, mailbox
billing: billing
shipping: shipping, delivery
charging: charging, usb c, usb, lightning, charge
ethernet: ethernet, lan, network cable, patch
power: power
phone: phone
disk: disk, hard drive, drive, c drive
icloud: icloud
camera: camera
microphone: microphone, mic
location: location
bios: bios
os: os, operating system, ios, android, windows, macos, system software, ipados, system, software
audio: audio, sound
touchpad: touchpad, trackpad
"""

# The objects that can own a head noun ("app" in "the Gmail app cache" -> "app.cache").
OWNER_NAMES = frozenset(
    line.split(":", 1)[0].strip() for line in _OWNER_WORDS.splitlines() if ":" in line
)

# Never the object of an action: only where to do it ("in Device Manager", "on the website").
CONTEXT_OBJECTS = frozenset({"where", "device_manager"})

_EN_CONTEXT = """
device_manager: device manager
where: task manager, settings app, system settings, control panel, services.msc, services msc,
    devices and printers, devices & printers,
    win r, windows r, windows key r, win key r, run box, run dialog, run dialog box, run window,
    privacy, privacy settings, privacy section, privacy & security, privacy and security,
    indexing options, windows indexing options,
    network details, network's details, wi fi details, network settings page,
    profile picture, profile pic, profile photo, profile icon, account icon, account picture,
    avatar,
    services app, services window, services console,
    command prompt, terminal, powershell, app store, play store, google play, store,
    admin page, admin panel, web interface, website, site, page, menu, screen settings,
    account settings, system preferences, sign in page, login page, sign in screen,
    ctrl shift delete, ctrl shift del, cmd shift delete, command shift delete,
    login screen,
    checkout page, checkout, properties, dashboard, manufacturer, support site, web page,
    status page, browser settings, phone settings, wallet, accounts page, profile page,
    back cover, front cover, access door, performance options, printers scanners,
    printers and scanners,
    recovery, recovery options, recovery settings, update and security, update & security,
    start menu, quick settings, control center, control centre, notification shade,
    notification panel, action center, action centre, system tray, taskbar, menu bar, app info,
    application info, finder, file explorer, windows explorer, disk management, help center,
    help centre, support page, account page, billing page, homepage, home page, my account,
    my account page, account center, account centre, settings menu, options menu, overflow menu,
    three dots menu, three dot menu, kebab menu, hamburger menu, sidebar, side panel, app details,
    app settings page, router admin, router admin page, router interface, admin console,
    management page, web portal, portal, online banking, banking website, store page,
    app store page, microsoft store, mac app store, galaxy store, apple store, system settings app,
    settings window, preferences window, wallet app, wallet and apple pay, payment settings page,
    security page, security settings page, sign in options, login options, recovery page,
    banking app, bank app, banks app, bank's app, mobile banking app, mobile banking,
    programs and features, apps and features, installed apps, installed programs,
    apps & features, programs & features, printers & scanners, open apps and features,
    open apps & features, open programs and features, open programs & features,
    apple menu, power menu, start button, windows start button, power icon, general,
    paired devices, paired devices list, list of paired devices, paired device list,
    bluetooth devices list, my devices, other devices list, device list
"""

_EN_QUALIFIERS = """
google: 8.8.8.8, 8.8.4.4, google, public dns
cloudflare: 1.1.1.1, 1.0.0.1, cloudflare
auto: automatic, automatically, auto, obtain automatically, dhcp,
    automatic mode, auto mode, network provided
2.4ghz: 2.4 ghz, 2.4ghz, 2.4 g, 2.4g, 2.4 gigahertz,
    2.4 gig, 2.4gig
5ghz: 5 ghz, 5ghz, 5 g band, 5g band, 5 gigahertz,
    5 gig, 5gig
latest: latest, newest, most recent, new version, current version, up to date,
    newest version, latest version, most recent version, newer, newer version, updated version,
    latest release, newest release, up to date version, current release, latest build, newest build
previous: previous, older, earlier, prior, last working, previous version, old version,
    last good, last known good, older version, prior version, earlier version, old build,
    previous build, earlier build, the version before, last version, previous release,
    older release
factory: factory, factory settings, factory defaults, default settings, defaults,
    original settings, factory state, out of box state, out of the box state, out-of-box state,
    factory default, factory fresh, original state, out of the box, fresh state, default state,
    manufacturer settings, factory condition, factory configuration, factory config,
    initial settings, initial state, default configuration, default config, stock settings,
    original defaults, factory mode, factory original,
    how it was out of the box, the way it was out of the box, how it came out of the box,
    the way it came out of the box, how it was when you first got it, how it came from the factory,
    the way it came from the factory, like it was out of the box, as it came out of the box,
    as if it were new, like new, brand new state, as new, fresh out of the box
other: different, another, other, alternative, alternate, second, spare, separate, backup,
    new, brand new,
    fresh one, another one, some other, spare one, backup one, a different one, other one,
    known good, known working, working one
same_network: same network, same wifi, same wi fi, same wlan, same wireless, same router,
    same hotspot, same wireless network, same wifi network, same wi fi network, same home network,
    same local network, same lan
high_performance: high performance, best performance, maximum performance,
    high performance mode, best performance mode, top performance, max performance,
    full performance
# Windows' Ultimate Performance plan is a plan of its own (unhidden with powercfg), not High
# performance again: switching from one to the other is a new step
ultimate_performance: ultimate performance, ultimate performance plan, ultimate performance mode
balanced: balanced, power saver plan
push: push
closer: closer, nearer, near, close to, next to, within a few feet, within range, within reach,
    nearer to, beside, right next to, in the same room, same room, line of sight, close by, nearby,
    close range, closer together, short distance, into the same room, to the same room,
    within a meter, within a metre, within a meter or two, within a metre or two,
    within a couple of meters, within a couple of metres, within a few meters,
    within a few metres, within arm's reach, within arms reach, within arm reach,
    within a couple of feet
health: health, condition, battery health, wear level, battery report, worn, worn out, wear,
    degraded, degradation, battery wear
apple: apple id, icloud, apple account
google_account: google account, gmail account
microsoft: microsoft account, outlook account
on: on, enabled, active, turned on, switched on, activated
off: off, disabled, inactive, turned off, switched off, deactivated
safe_mode: safe mode, exe safe, exe /safe
default: default, as default, the default, as the default
discoverable: discoverable, visible to other devices, visibility, discovery mode,
    make visible, discoverable mode, pairing mode, pair mode, visible to nearby devices,
    visible to other bluetooth devices, discoverable to other devices
# Restoring a saved backup is not a reset to factory settings.
from_backup: from a backup, from backup, from the backup, from a backup file, from your backup,
    from a saved backup, from the saved backup, from a backup copy, from a saved configuration,
    from the saved configuration, from a saved config, from a config file,
    from a configuration file, from a settings file, from a saved settings file,
    from an icloud backup, from a google backup, from a previous backup
uncrowded: less crowded, less busy, less congested, least crowded, least busy, least congested,
    quieter, clearer, uncrowded, less used, less interference
# Signing out of every session, not just this one ("log out of all devices", "sign out
# everywhere"); only a sign-in/out keeps it, other ops read it as the devices again.
everywhere: everywhere, all devices, every device, all your devices, all other devices,
    all of your devices, all sessions, all other sessions, other sessions, every session,
    all active sessions, active sessions, all other active sessions, all your sessions,
    all signed in devices, all logged in devices, signed in devices, logged in devices,
    all web sessions, every other device, everywhere else, all browsers, every browser,
    all locations, other active sessions, all open sessions, open sessions, every other session,
    every other sessions, all other logged in sessions, every other signed in device
manual: manual, manually, by hand
# Removing an app but keeping what it stored is offloading it (iPhone's Offload App).
keep_data: keep its data, keep its documents and data, keep the data, keep your data,
    keep documents and data, keep the app's data, keep its documents, keeping its data,
    keeping its documents and data, keeping the data, keeping your data,
    keeping documents and data, keeping the app's data, keeping its documents,
    while keep its data, while keep its documents and data, while keep the data,
    while keep your data, while keep documents and data, while keep the app's data,
    while keep its documents, while keeping its data, while keeping its documents and data,
    while keeping the data, while keeping your data, while keeping documents and data,
    while keeping the app's data, while keeping its documents, but keep its data,
    but keep its documents and data, but keep the data, but keep your data,
    but keep documents and data, but keep the app's data, but keep its documents,
    but keeping its data, but keeping its documents and data, but keeping the data,
    but keeping your data, but keeping documents and data, but keeping the app's data,
    but keeping its documents, and keep its data, and keep its documents and data,
    and keep the data, and keep your data, and keep documents and data, and keep the app's data,
    and keep its documents, and keeping its data, and keeping its documents and data,
    and keeping the data, and keeping your data, and keeping documents and data,
    and keeping the app's data, and keeping its documents
imap: imap, imap4
pop: pop, pop3, pop 3
# how a 2FA code arrives (kept on two-factor only: a code resent by SMS is the code)
sms: sms, by sms, by text, text message, text messages, sms codes, sms code
lean_visuals: adjust for best performance, adjust* for best performance
authenticator: authenticator app, authenticator, google authenticator, microsoft authenticator,
    authy, authentication app
unrestricted: unrestricted, not optimized, not optimised, don't optimize, don't optimise,
    dont optimize
"""

# Apps users name without saying "app": canonical name -> spellings (English and Chinese).
_NAMED_APPS: dict[str, tuple[str, ...]] = {
    "spotify": ("spotify",),
    "zoom": ("zoom",),
    "instagram": ("instagram", "ins"),
    "facebook": ("facebook",),
    "messenger": ("messenger",),
    "tiktok": ("tiktok", "抖音"),
    "meituan": ("meituan", "美团"),
    "jd": ("京东",),
    "pinduoduo": ("pinduoduo", "拼多多"),
    "weibo": ("weibo", "微博"),
    "xiaohongshu": ("xiaohongshu", "小红书"),
    "eleme": ("饿了么",),
    "didi": ("didi", "滴滴"),
    "netflix": ("netflix",),
    "youtube": ("youtube",),
    "teams": ("microsoft teams", "teams", "ms teams"),
    "webex": ("webex", "cisco webex"),
    "google_meet": ("google meet",),
    "office": ("microsoft office", "ms office", "office 365", "microsoft 365"),
    "slack": ("slack",),
    "telegram": ("telegram",),
    "discord": ("discord",),
    "skype": ("skype",),
    "snapchat": ("snapchat",),
    "wechat": ("wechat", "微信"),
    "qq": ("qq",),
    "dingtalk": ("dingtalk", "钉钉"),
    "taobao": ("taobao", "淘宝"),
}

# Objects whose qualifier is folded into the object itself: "apple id" is an account.
_QUALIFIED_OBJECTS: dict[str, tuple[str, str]] = {
    "google dns": ("dns", "google"),
    "google public dns": ("dns", "google"),
    "googles dns": ("dns", "google"),
    "cloudflare dns": ("dns", "cloudflare"),
    "cloudflares dns": ("dns", "cloudflare"),
    "谷歌dns": ("dns", "google"),
    "谷歌公共dns": ("dns", "google"),
    # accounts named in Chinese text ("Outlook账户", "谷歌账号")
    **{
        f"{name}{kind}": ("account", owner)
        for owner, names in (
            ("microsoft", ("outlook", "微软", "hotmail")),
            ("google", ("gmail", "谷歌", "google")),
            ("apple", ("苹果", "apple", "icloud")),
        )
        for name in names
        for kind in ("账户", "账号", "帐户", "帐号")
    },
    # "抹掉所有内容和设置": the phone's Erase All Content and Settings is a factory reset
    "所有内容和设置": ("phone", "factory"),
    # "打开自动同步日期和时间": the clock set to automatic
    **{
        f"自动{how}{what}": ("clock", "auto")
        for how in ("同步", "设置", "获取", "确定")
        for what in ("日期和时间", "时间", "日期与时间", "时间和日期")
    },
    "所有内容与设置": ("phone", "factory"),
    "全部内容和设置": ("phone", "factory"),
    "apple id": ("account", "apple"),
    "apple account": ("account", "apple"),
    "icloud": ("account", "apple"),
    "icloud account": ("account", "apple"),
    "google account": ("account", "google"),
    "gmail account": ("account", "google"),
    "microsoft account": ("account", "microsoft"),
    "outlook account": ("account", "microsoft"),
    "icloud storage": ("storage", "icloud"),
    # the iPhone's reset: the device back to its factory state
    "all content and settings": ("phone", "factory"),
    "all contents and settings": ("phone", "factory"),
    # "the 5G Wi-Fi" is the 5 GHz network, never mobile 5G
    **{
        f"{band} {net}": ("wifi_network", quality)
        for band, quality in (("5g", "5ghz"), ("2.4g", "2.4ghz"), ("5ghz", "5ghz"))
        for net in (
            "wifi",
            "wi fi",
            "wifi network",
            "wi fi network",
            "wireless network",
            "network name",
            "ssid",
            "wifi name",
            "wi fi name",
            "band",
        )
    },
    # named apps: still "the app", never another named app
    **{
        f"{name} {kind}": ("app", f"name:{name.replace(' ', '')}")
        for name in ("vpn", "whatsapp", "outlook", "gmail")
        for kind in ("app", "application", "client", "software", "program")
    },
    "whatsapp": ("app", "name:whatsapp"),
    "outlook": ("app", "name:outlook"),
    "gmail": ("app", "name:gmail"),
    # well-known apps named without their kind ("update Spotify", "把微信关掉"): the app, by name
    **{
        f"{name}{kind}": ("app", f"name:{canonical}")
        for canonical, names in _NAMED_APPS.items()
        for name in names
        for kind in ("", " app", " application", " client", "应用", "软件", "APP")
        if not (kind and kind.isascii()) or name.isascii()
    },
}

_EN_STRUCTURE: dict[str, Lexeme] = {
    # clause boundaries
    "and then": ("split", ""),
    "then": ("split", ""),
    "after that": ("split", ""),
    "afterwards": ("split", ""),
    "after": ("split", ""),
    "before": ("split", ""),
    "followed by": ("split", ""),
    "once": ("split", ""),
    "next": ("split", ""),
    "finally": ("split", ""),
    "also": ("split", ""),
    "plus": ("split", ""),
    "or": ("or", ""),
    "and": ("and", ""),
    "&": ("and", ""),
    "to": ("to", ""),
    "so that": ("sub", ""),
    # "... so it starts like a fresh install", "so all mail shows in one list": an outcome
    # with a pronoun subject is what the step achieves, not a step ("so the mailbox has room"
    # stays: it says what the step is for)
    **{
        f"so {subject}": ("sub", "")
        for subject in (
            "it",
            "it's",
            "its",
            "they",
            "they're",
            "you",
            "you're",
            "all",
            "everything",
            "nothing",
            "there",
        )
    },
    # "... and see if it charges": the outcome the step is tried for, not a step
    **{
        f"see {whether} {subject}": ("sub", "")
        for whether in ("if", "whether")
        for subject in ("it", "that", "this", "they", "things")
    },
    # "... and see if the Pixel starts charging": after a step, the same (not "see whether the
    # email went to spam", which checks something)
    **{
        f"{link} see {whether} {subject}": ("sub", "")
        for link in ("and", "then", "and then")
        for whether in ("if", "whether")
        for subject in ("the", "your")
    },
    "in order to": ("to", ""),
    "by": ("by", ""),
    "via": ("by", ""),
    "using": ("by", ""),
    "with": ("prep", ""),
    "in": ("loc", ""),
    "on": ("part", "on"),
    "off": ("part", "off"),
    "out": ("part", "out"),
    "back": ("part", "back"),
    "up": ("part", "up"),
    "down": ("part", "down"),
    "into": ("prep", ""),
    "onto": ("prep", ""),
    "from": ("loc", ""),
    "for": ("prep", ""),
    "of": ("prep", ""),
    "at": ("loc", ""),
    "under": ("loc", ""),
    "inside": ("loc", ""),
    "through": ("loc", ""),
    "within": ("loc", ""),
    "as": ("prep", ""),
    "such as": ("example", ""),
    "like": ("example", ""),
    "e.g": ("example", ""),
    "eg": ("example", ""),
    "for example": ("example", ""),
    "for instance": ("example", ""),
    "say": ("example", ""),
    ">": ("stop", ""),
    "if": ("sub", ""),
    "when": ("sub", ""),
    "whenever": ("sub", ""),
    "because": ("sub", ""),
    "why": ("sub", ""),
    "since": ("sub", ""),
    "unless": ("sub", ""),
    "until": ("sub", ""),
    "while": ("split", ""),
    "without": ("without", ""),
    # negation
    "don't": ("neg", ""),
    "dont": ("neg", ""),
    "do not": ("neg", ""),
    "never": ("neg", ""),
    "avoid": ("neg", ""),
    "no need to": ("neg", ""),
    "not": ("not", ""),
    "isn't": ("not", ""),
    "isnt": ("not", ""),
    "aren't": ("not", ""),
    "arent": ("not", ""),
    "no": ("not", ""),
    "rather than": ("instead", ""),
    "instead of": ("instead", ""),
    "in place of": ("instead", ""),
    # "tap Clear storage (not just Clear cache)": what is named after is not the step
    "not just": ("instead", ""),
    "not only": ("instead", ""),
    "not merely": ("instead", ""),
    "instead": ("stop", ""),
    "let": ("causative", ""),
    "have": ("causative", ""),
    "just": ("stop", ""),
    # repetition and hedging that carry no action ("once more" is not the clause break "once")
    "once more": ("stop", ""),
    # a duration, not the clause break "while"
    "for a while": ("stop", ""),
    "for a bit": ("stop", ""),
    "for a little while": ("stop", ""),
    "for a little bit": ("stop", ""),
    "one more time": ("stop", ""),
    "one more try": ("stop", ""),
    "one of your": ("stop", ""),
    "one of the": ("stop", ""),
    "go ahead and": ("stop", ""),
    "a fresh copy": ("pron", ""),
    "a new copy": ("pron", ""),
    "a clean copy": ("pron", ""),
    "try again": ("stop", ""),
    "try it again": ("stop", ""),
    "and try again": ("stop", ""),
    "retry": ("stop", ""),
    # "type outlook.exe /safe and hit Enter": the key that runs what was typed, no step
    **{
        phrase: ("stop", "")
        for phrase in ("hit enter", "press enter", "hit return", "press return")
    },
    **{
        phrase: ("stop", "")
        for phrase in (
            "try the payment again",
            "try paying again",
            "retry the payment",
            "pay again",
            "try the purchase again",
            "retry the purchase",
            "try the transaction again",
            "place the order again",
            "place your order again",
            "place the order once more",
            "try ordering again",
            "try to order again",
            "order it again",
            "try checking out again",
            "check out again",
            "try the checkout again",
            "retry the order",
            "retry the checkout",
            "redo the purchase",
            "resubmit the order",
            "submit the order again",
        )
    },
    "that": ("rel", ""),
    "which": ("rel", ""),
    "who": ("rel", ""),
    "where": ("rel", ""),
    # pronouns
    "it": ("pron", ""),
    "them": ("pron", ""),
    "one": ("pron", ""),
    "a new one": ("pron", ""),
    # "pair it as a new device": how it is paired, not another device
    "as a new device": ("stop", ""),
    "as new device": ("stop", ""),
    "this": ("stop", ""),
    # particle verbs: the particle decides the op
    "turn": ("pv", "turn"),
    "turns": ("pv", "turn"),
    "turned": ("pv", "turn"),
    "turning": ("pv", "turn"),
    "switch": ("pv", "switch"),
    "switches": ("pv", "switch"),
    "switching": ("pv", "switch"),
    "switched": ("pv", "switch"),
    "toggling": ("pv", "toggle"),
    "toggled": ("pv", "toggle"),
    "rolling": ("pv", "roll"),
    "rolled": ("pv", "roll"),
    "powered": ("pv", "power"),
    "take": ("pv", "take"),
    "takes": ("pv", "take"),
    "took": ("pv", "take"),
    "taking": ("pv", "take"),
    "toggle": ("pv", "toggle"),
    "flip": ("pv", "switch"),
    "flips": ("pv", "switch"),
    "flipped": ("pv", "switch"),
    "flipping": ("pv", "switch"),
    "flick": ("pv", "switch"),
    "flicks": ("pv", "switch"),
    "flicked": ("pv", "switch"),
    "flicking": ("pv", "switch"),
    "log": ("pv", "log"),
    "logging": ("pv", "log"),
    "logged": ("pv", "log"),
    "sign": ("pv", "sign"),
    "signing": ("pv", "sign"),
    "signed": ("pv", "sign"),
    "plug": ("pv", "plug"),
    "plugging": ("pv", "plug"),
    "plugged": ("pv", "plug"),
    "power": ("pv", "power"),
    "powering": ("pv", "power"),
    "roll": ("pv", "roll"),
    "hook": ("pv", "hook"),
    "hooks": ("pv", "hook"),
    "hooked": ("pv", "hook"),
    "hooking": ("pv", "hook"),
}

_EN_STOP = """
the a an your you youre you're my our their its his her this these those that please kindly
just simply now first again also quickly gently carefully firmly securely completely fully
properly briefly fresh all any some every each is are be been being was were will would
can could should might may must need needs let lets let's i we me us they he she here there
amber white blue red green orange
tile tiles
what which who whom whose how then so very too still even yet try to see whether
about around approx approximately roughly few couple of seconds second minutes minute min mins
hours hour s sec secs times time once twice again maybe perhaps now immediately right away
day days week weeks overnight
option button icon tab toggle switch slider entry entries item items list menu screen section
page field box built built-in builtin in-built entire whole everything anything something
sure suggest suggestion recommend recommended id i'd you'd we'd could you would you mind kindly
one's own etc e.g eg i.e ie have has had do does did done get got it's its bit little
is currently currently same saved stored existing version versions server servers pending available
outstanding old big huge bigger biggest larger largest heavy unused unnecessary unneeded large
full complete temporary
more ahead away two three four five six seven eight nine ten fifteen twenty thirty forty fifty
sixty ninety half several moment moments quick
area areas neighborhood neighbourhood region vicinity locality thoroughly altogether entirely
totally temporarily hopefully probably actually basically really definitely physically
straightaway anew afresh okay ok alright yourself myself themselves itself
things stuff
metres meters metre meter feet foot ft yards inches centimetres centimeters cm
both together simultaneously
paperclip straightened unfolded compressed canned air duster netsh straight directly
friend friends friend's
ideally preferably
"""

# -- Chinese -------------------------------------------------------------------------------

_ZH_OPS = """
restart: 重启, 重新启动, 重开, 重新开机, 断电重启, 重新打开, 重启一下, 重新开启, 强制重启,
    关机再开机, 关机后再开机, 关机重启, 开关一下, 开关机,
    软重启, 硬重启, 重启下, 重开一下, 重新启动一下, 强制重新启动, 断电重开, 拔电重启, 重新开一下,
    关了再开, 关掉再开, 关掉再打开, 关了重开, 关机重开, 关闭再打开, 重启一遍, 重启一次,
    重新开下机, 重新开一下机, 重开下机, 重开一下机,
    点回来, 再点回来, 点回去, 再点回去, 拨回来, 再拨回来, 拨回去, 再拨回去,
    断电重新开一下, 断电重新开, 断电再开, 断电重开一下, 断电重新开机, 断电后重新开, 断电后再开,
    开关过, 开关了一下, 开关过一次, 开关一次, 开关一遍,
    重新开关, 重新开关一次, 重新开关一下, 关了又开, 关掉又打开, 关了又打开, 关开过, 开关了
reset: 重置, 还原, 恢复出厂, 恢复出厂设置, 初始化, 恢复默认, 复位,
    抹掉, 抹除, 重设, 恢复原厂设置, 恢复原厂, 还原出厂, 恢复初始设置, 还原出厂设置, 一键还原,
    恢复出厂值, 重置一下, 恢复默认值
    恢复到, 恢复成, 恢复为, 还原到, 还原成, 还原为, 重置成, 重置为, 重置到, 刷回, 变回, 格式化
update: 更新, 升级, 安装最新, 装最新, 刷新固件, 升到,
    升个级, 更新一下, 升级一下, 更新到最新, 升到最新, 打补丁, 更到最新, 更新到最新版, 升级到最新版,
    升级到最新版本, 更新到最新版本, 升一下级, 升下级, 升一升级,
    检查更新并安装, 检查更新然后安装, 检查更新然后装上, 检查更新后安装, 检查更新并下载安装
rollback: 回滚, 退回, 回退, 降级, 还原到上一个版本, 退回到, 恢复到上一个版本,
    降回, 退回旧版, 回到旧版本, 回到之前的版本, 回退到, 降回去, 退回上一版本
readd: 重新安装, 重装, 重新装, 再装,
    重新搜索配对, 重新搜索并配对, 重新搜索再配对,
    重新添加, 重新绑定, 重新绑, 重新配对, 重新下载, 重新插拔, 重新插上,
    重新设置, 重新注册, 重新关联,
    卸载重装, 删了重装, 删掉重装, 重新匹配, 重新装上, 重新装一下, 重新安装一遍, 重新添加一下,
    重新绑一下, 重新登记, 重新加一下, 重新配一下
    重新PAIR, 重新配, 重新绑定一下, 卸了再装, 卸了重装, 删了再装, 删掉再装, 卸掉重装, 卸载了再装,
    删了重新下, 删了重新装, 卸了重新装
    再装回去, 再装回, 再插回去, 再插回, 再放回去, 再放回, 重新放, 重新放一下, 重新放好, 重新装好,
    重新放进去, 重新装回去, 重新插回去, 再登录添加, 重新登录添加, 登录添加
remove: 删除, 删掉, 取消, 移除, 去掉, 卸载, 卸掉,
    取消配对, 忽略, 忘记, 忘掉, 忘了, 解绑, 拿掉, 取出, 拔出, 注销, 删了,
    拆下, 拆下来, 拆掉, 卸下, 卸下来, 拽出, 拽出来, 拉出来, 抽出, 抽出来, 取出来, 扯出来,
    解除配对, 解除绑定, 取消绑定, 解除关联, 取消关联, 删去, 去除, 移走, 拿出来, 退订, 抠出来,
    挑出来, 删除掉, 移除掉, 卸, 卸了, 解除
    取下, 取下来, 拿下来, 卸出来, 不保存, 取消保存, 删除网络, 删一删, 删删, 全删掉, 全删了, 全部删掉
add: 添加, 绑定, 加入, 安装, 下载, 装, 输入, 加到, 加进, 添加到, 加入到, 加进去, 添加为, 加为,
    填写, 装上, 插入, 注册, 加装, 新增, 插回, 添加回来, 加回来, 输, 敲,
    填入, 键入, 录入, 填上, 输进去, 加上, 添上, 装进去, 重新输入, 重新填写, 重新填, 重新输, 输一遍,
    填一遍, 装回, 装回去
    放回, 放回去, 装回原位, 放回原位, 装好
    绑, 绑上, 绑回, 绑回去, 绑回来, 加, 加一下
create: 创建, 生成, 新建, 申请一个,
    创建一个, 新建一个, 生成一个
clear: 清除, 清理, 清空, 清掉, 刷新, 清, 清一下, 清一清,
    清除掉, 清理掉, 清干净, 删干净, 清空一下, 清除一下, 一键清理, 清一遍
clean: 清洁, 擦拭, 除尘, 吹一吹,
    擦, 擦一擦, 擦干净, 吹掉, 吹干净, 刷一刷, 刷干净, 清扫, 吹一下, 吹吹, 刷一下, 清洁一下,
    清理干净, 清洗, 清洗一下, 清洗一遍
check: 检查, 确认, 核对, 排除, 查看, 看看, 看一下, 检测, 确保, 看一看, 留意, 查一下, 查查,
    核实, 找找, 去看,
    检查一下, 瞧瞧, 瞅瞅, 查看一下, 确认一下, 核查, 排查, 检验, 测试, 测一下, 看下, 查, 查一查,
    检查下, 留心, 核对一下, 检查看看, 看一眼, 查看下, 确认下, 看过, 看了, 瞧过, 找过, 翻过, 翻了
enable: 开启, 打开, 启用, 启动, 开通, 激活, 开, 打开一下, 允许, 开机, 打开电源,
    勾选, 打勾, 开一下, 重新启用, 开启一下, 启用一下, 打开开关, 开起来, 按一下开机, 按开机键开机,
    按一下电源键开机, 拨到开, 拨成开, 点成开, 拨开,
    勾打上, 打上勾, 打个勾, 勾上, 变蓝, 让它变蓝, 变成蓝色, 变绿, 让它变绿
disable: 关闭, 关掉, 禁用, 停用, 关, 关上, 暂停, 屏蔽, 关机, 关闭电源,
    滑动关机, 滑动来关机, 拖动滑块关机, 滑块关机, 滑动以关机,
    取消勾选, 关一下, 关闭一下, 禁掉, 关停, 停掉, 取消勾, 关闭掉, 禁止, 关闭开关, 拉黑, 屏蔽掉
    点掉, 去掉勾选, 取消选中, 把勾去掉, 强制关机, 强行关机, 强制关掉, 强行关掉, 强行关闭
    拨到关, 拨成关, 点成关, 拨到关闭, 拨到未连接, 点成未连接, 变灰, 让它变灰
allow: 授权, 授予, 放行, 批准, 同意, 信任
deny: 撤销, 拒绝, 收回
set: 设置, 设为, 设成, 设置成, 设置为, 改成, 改为, 修改, 更改, 改, 调整, 切换, 切到, 配置, 调成,
    调到, 设定,
    设一下, 调一下, 改一下, 设置一下, 调整为, 修改为, 更改为, 变更, 改到, 选成, 选为, 指定, 设好,
    调好,
    设, 设个, 设一个
replace: 更换, 换, 换一个, 换一张, 换个, 换张, 替换, 换用, 换一根, 换根,
    换掉, 换新, 换一下, 更换一下, 调换, 换上, 换一块, 换一条, 换块, 换条, 换台, 换一台, 换新的,
    换个新的
    借, 借一个, 借个, 借一根, 借根, 借一块
connect: 连接, 连上, 加入, 接入, 连, 配对, 重连, 重新连接, 再连接,
    连一下, 连接上, 接上, 连到, 连回, 加入到, 接通, 回连, 重新加入, 重新连上, 连回去, 再连上, 连进,
    连进去
    配, 配上, 配一下, 配回去
disconnect: 断连, 断开, 断开连接,
    断掉, 断开一下
move: 移动, 挪, 挪到, 放到, 放在, 移到, 靠近, 摆放, 放置, 调整位置, 搬到, 放回, 放进, 放入,
    挪动, 搬动, 摆到, 摆在, 放高, 挪个位置, 挪一挪, 挪一下, 放远, 架高, 抬高
charge: 充电, 充满, 充满电, 充, 充一会儿, 充一下,
    充点钱, 充钱, 充值, 充些钱, 充一点钱, 存点钱, 充点, 充进去, 充得进去, 充进电, 充上电,
    充会儿电, 充个电, 充点电, 充上电, 补电, 充电一下
contact: 联系, 致电, 打电话给, 打给, 咨询, 询问, 联络, 拨打, 问一下, 问问, 打电话问,
    打客服, 找客服, 打给客服, 咨询一下, 联系一下, 问下, 报修, 打电话咨询, 致电咨询, 反馈给, 求助,
    联系下, 打个电话给, 打电话到, 打电话, 打过电话, 打了电话, 打个电话, 打过客服电话, 致电过
calibrate: 校准, 重新校准
scan: 扫描, 杀毒, 查杀, 全盘扫描,
    查毒, 扫一下, 扫毒, 杀过毒, 查过毒, 扫过毒, 杀了毒, 查过病毒, 杀了一遍毒,
    查一下毒, 查下毒, 杀一下毒, 杀个毒, 查个毒, 杀毒一下, 查杀一下
close: 强制关闭, 强行停止, 强制停止, 退出, 结束, 划掉, 杀掉, 强制退出, 关闭应用, 结束运行,
    划走, 上划关闭, 杀掉进程, 结束进程, 结束任务, 杀, 关掉程序, 退出程序, 退出应用, 强退, 强行关闭,
    彻底关闭, 彻底退出, 关闭程序
nav: 打开设置, 进入, 前往, 点击, 点, 选择, 去, 找到, 点开始, 点击开始, 点一下开始,
    打开后盖, 打开前盖, 打开盖板, 打开机盖, 打开盖子, 掀开盖子, 打开上盖, 打开顶盖,
    打开侧盖, 拉开纸盒, 抽出纸盒, 选, 点一下, 点选, 进, 右键, 右击, 右键点击, 鼠标右键, 下拉, 往下拉
    展开, 登录后台, 登录管理页面, 打开任务管理器,
    打开设备管理器, 打开控制面板, 打开安全中心, 打开Windows安全中心, 打开系统设置, 打开手机设置
login: 登录, 登陆, 重新登入, 登进, 重新登录,
    登入, 重登, 重新登陆, 登陆上, 登录上
    退出重登, 退出重新登录, 退出再登录, 退出再登, 退出重进, 退出重新登, 退了重登, 退出再重新登录,
    登, 登回去, 登进去
logout: 退出登录, 登出, 注销登录,
    退出登陆, 退登
unplug: 拔掉, 拔下, 拔出电源, 断电, 拔掉电源, 拔电, 拔下电源, 切断电源, 拔, 拔了,
    拔下来, 拔掉插头, 拔插头, 断开电源, 拔掉电源线, 断个电, 拔下电源线, 拔出插头
    断一下电, 断电一下, 断下电, 断一会儿电, 断会儿电
plug_in: 插上, 插好, 插回去, 插上电源, 通电, 重新插上电源, 插到, 插进, 接到,
    通上, 通上电, 接通电源, 再通上, 把电通上,
    插回来, 插上去, 接上电源, 插电, 上电, 插进去, 重新通电
    插, 插回, 插一下
hold: 长按, 按住, 按下, 按,
    按着, 长按住, 按压, 摁住, 长摁, 摁, 按住不放, 一直按着
free: 释放, 腾出, 清理出, 腾空,
    空出, 清出, 腾一点, 腾点, 释放一些, 释放一下, 腾出一些, 腾出点
    腾点地方, 腾个地方, 腾出地方, 腾出点地方, 腾地方, 腾出位置, 腾点位置, 腾出一些地方
wait: 等待, 等, 过, 稍等,
    等一等, 等一下, 等会儿, 等上, 静置, 等一会, 稍等一下, 等候
    等一会儿, 等一小会, 等一小会儿, 过一会儿, 过一会, 等个, 等几秒, 等几秒钟, 过几秒
request: 申请, 要求, 获取, 重新获取, 重发, 重新发送, 发送,
    重新发, 重新发一遍, 重新发一次, 再发一次, 再发一遍, 再发, 重发一遍, 重发一次, 再发送一次,
    索取, 重新申请, 再发一次, 重新获取一下
sync: 同步, 重新同步
optimize: 优化, 碎片整理, 整理碎片
buy: 购买, 买
print: 打印
drain: 放电, 放掉, 泄掉, 耗尽,
    释放静电, 放静电, 放过电, 放了电, 放过静电, 放了静电
    用光, 耗光, 放光, 用到没电, 用到关机, 用到自动关机, 完全放电, 彻底放电, 放完电, 用没电
increase: 调高, 提高, 增加, 延长, 调大, 调亮
decrease: 调低, 降低, 减少, 缩短, 调小, 调暗
"""

_ZH_WEAK = """
use: 使用, 用, 改用, 尝试, 换成, 通过, 借助, 利用,
    改成用, 换用一下, 拿, 回到
run: 运行, 执行, 进行, 做一次, 做一下
"""

_ZH_OBJECTS = """
router: 路由器, 路由, 无线路由器, 无线路由, WIFI盒子, 无线盒子, 路由盒子, 上网的盒子,
    主路由, 副路由, 子路由, MESH路由, 小米路由器, 华为路由器, TPLINK, 路由器主机, 家里的路由器,
    无线路由器设备, WIFI路由器, 路由器们, 千兆路由器
modem: 光猫, 猫, 调制解调器, 宽带猫,
    光纤猫, 光纤调制解调器, ONU, 光网络单元, 光猫设备, 入户光猫
computer: 电脑, 笔记本, 笔记本电脑, 计算机, 台式机, 主机, 此电脑, 这台电脑,
    台式电脑, 笔电, 本本, 电脑主机, 苹果电脑, 工作电脑, 电脑本身, 这台机器, MAC电脑, WINDOWS电脑
phone: 手机, 苹果手机, 安卓手机, 移动电话,
    华为手机, 小米手机, 荣耀手机, 三星手机, OPPO手机, VIVO手机, 苹果机, 手机本身, 这部手机,
    移动设备
tablet: 平板, 平板电脑,
    IPAD, 安卓平板, 华为平板
device: 设备, 装置, 已配对的设备, 已配对设备, 配对过的设备, 配对设备, 配对记录, 蓝牙配对记录,
    已连接的设备, 连过的设备
printer: 打印机,
    喷墨打印机, 激光打印机, 复印机, 打印复印一体机, 网络打印机, 无线打印机, 办公室打印机
default_printer: 默认打印机, 默认的打印机
headphones: 耳机, 蓝牙耳机, 无线耳机, 耳塞, 音箱, 蓝牙音箱,
    耳麦, 头戴式耳机, 入耳式耳机, 无线耳塞, 降噪耳机, 蓝牙耳塞, 音响, 蓝牙音响, 小音箱, 智能音箱,
    耳机本身, 左耳, 右耳, TWS耳机, 真无线耳机
app: 应用, 应用程序, 软件, 程序, 客户端, APP,
    APP进程, 应用进程, 程序进程, 软件进程, 应用的进程, APP的进程,
    手机应用, 手机软件, 应用软件, 游戏, 小程序, 电脑软件, 这个软件, 这款应用, 这款软件, APP应用
browser: 浏览器,
    谷歌浏览器, CHROME浏览器, 火狐, 火狐浏览器, EDGE浏览器, SAFARI浏览器, 360浏览器, QQ浏览器,
    UC浏览器, 夸克浏览器, 夸克
os: 系统, 操作系统, 手机系统,
    系统升级, 系统补丁, 系统版本, 安卓系统, IOS系统, 鸿蒙, 鸿蒙系统, WINDOWS系统, 电脑系统,
    系统软件, IOS更新, 安全更新, 安全补丁, 软件更新
cache: 缓存, 缓存文件, 缓存的图片和文件, 缓存图片和文件, 缓存的图像和文件, 缓存的图片及文件,
    缓存数据, 缓存垃圾, 临时缓存
cookies: COOKIE, 网站数据,
    COOKIES, 站点数据, 网站COOKIE
history: 历史记录, 浏览记录, 历史,
    浏览历史, 上网记录
data: 数据, 应用数据,
    应用存储数据
driver: 驱动, 驱动程序
firmware: 固件
password: 密码,
    登录密码, 账号密码, 口令, 登陆密码, 帐号密码
    新密码, 新的密码
settings: 设置
all.settings: 所有设置, 全部设置, 所有的设置
network.settings: 网络设置, 网络设定, 无线网络设置, 网络配置, WLAN、移动网络和蓝牙设置,
    WLAN、移动数据网络和蓝牙设置, WI-FI、移动网络和蓝牙设置, WLAN、移动网络和蓝牙, 网络和蓝牙设置
storage: 存储空间, 空间, 存储, 内存空间, 储存空间, 存储占用, 存储和缓存, 存储与缓存, 存储空间占用,
    存储容量, 可用空间, 剩余空间, 储存容量
channel: 信道
address: 地址
card: 银行卡, 信用卡, 借记卡, 卡, 卡片,
    储蓄卡, 支付卡, VISA卡, 万事达卡, 绑定的卡, 绑的卡, 银联卡
battery: 电池,
    电量, 电池电量
charger: 充电器, 电源适配器, 适配器, 充电头, 充电盒, 充电仓, 充电座, 无线充电器, 插头,
    耳机盒, 耳机盒子,
    快充头, 充电底座, 充电盘, 无线充, 原装充电器, 充电插头, 电源头, 充电适配器, 火牛, 墙充, 墙充头
cable: 线, 线缆
charging.cable: 数据线, 充电线,
    USB线, 充电数据线, 原装数据线, 原装充电线, 苹果数据线, TYPEC线, 闪电线
charging.port: 充电口, 充电接口, 充电孔, 接口,
    充电插口, 尾插, USB口, TYPEC口, 充电孔位
ethernet.cable: 网线,
    以太网线, 网络线, 宽带线
power.cable: 电源线, 电源
port: 口, 端口, 端口号
power_outlet: 插座, 插排, 插线板, 电源插座,
    排插, 电源插板, 拖线板, 接线板, 墙插, 插板, 墙上的插座, 电源插排, 插线排
    插孔, 墙上的插孔, 电源插孔
power_button: 电源键, 开机键, 电源按钮, 开关键, 侧边键, 侧键, 侧边按钮,
    开关机键, 电源开关, 开机按钮, 关机键, 锁屏键, 电源键位, 开关机按钮
wifi: WIFI, 无线网, 无线网络, 无线,
    WLAN, 无线信号, WIFI信号, 无线功能, WIFI功能, WLAN功能, 无线局域网
wifi_network: 网络, 无线网络, WIFI网络, 热点,
    WIFI名称, 网络名称, SSID, 无线网名, 家里的WIFI, 家庭网络, 已保存的网络, 保存的网络, 这个网络,
    已保存网络, 已保存的WIFI, 已保存的无线网络, 已保存的WLAN,
    该网络, 此网络, WIFI热点, 个人热点, 手机热点
bluetooth: 蓝牙,
    蓝牙功能, 蓝牙连接
vpn: VPN, 代理,
    代理服务器, 梯子, 加速器, 翻墙软件, VPN连接, 网络代理
dns: DNS, DNS服务器,
    DNS地址, 域名服务器, DNS设置
airplane_mode: 飞行模式,
    飞航模式, 航班模式
battery_saver: 省电模式, 低电量模式, 低电耗模式,
    节能模式, 超级省电, 超级省电模式, 省电, 低电量模式开关
support: 客服, 在线客服, 人工客服, 客服人员, 官方客服, 售后客服, 售后
isp: 运营商, 宽带运营商, 网络服务商, 宽带服务商, 宽带客服, 服务商,
    电信, 联通, 中国移动, 中国电信, 中国联通, 宽带公司, 网络公司, 宽带供应商, 网络运营商,
    宽带提供商, 网络提供商, 网络供应商, 广电, 宽带客服热线, 运营商客服, 装维师傅, 宽带师傅
bank: 银行, 发卡行, 开户行, 银行客服,
    信用卡中心, 银行热线, 发卡银行, 卡中心, 银行卡客服, 信用卡客服, 银行的客服, 银行电话
merchant: 商家, 卖家, 店家, 商户
paypal: PAYPAL
huabei: 花呗, 蚂蚁花呗, 花呗付款, 花呗分期
payment_password: 支付密码, 付款密码, 交易密码, 支付PIN, 六位支付密码
alipay: 支付宝,
    支付宝付款, 支付宝支付, 支付宝余额
wechat_pay: 微信支付, 微信付款, 微信钱包, 微信零钱, WECHAT PAY, 微信付, 微信扫码支付, 微信付钱
unionpay: 云闪付, 银联支付
account: 账号, 账户, 帐号, 帐户,
    用户账号, 会员账号, 个人账号, 个人账户, 用户帐号
email_account: 邮箱账户, 邮箱账号, 邮件账户, 邮件账号,
    邮件帐户, 邮箱帐号, 邮箱帐户, 电子邮箱账号, 电子邮件账户, 邮件帐号
mailbox: 邮箱,
    收件箱, 电子邮箱
trash: 回收站, 废纸篓, 已删除, 最近删除
email.trash: 已删除邮件, 已删除文件夹, 废件箱, 已删除邮件夹, 已删除的邮件, 邮箱回收站, 邮件回收站
spam_folder: 垃圾邮件, 垃圾邮件文件夹, 垃圾箱,
    垃圾邮件箱, 垃圾文件夹, 广告邮件, 被拦截的邮件, 拦截邮件, 垃圾邮件夹
print_queue: 打印队列, 打印任务, 打印作业, 打印任务列表, 打印列表, 打印机队列,
    等待打印的任务, 待打印的任务, 打印中的任务,
    排队的打印任务, 队列,
    待打印的文档, 待打印的文件, 队列里卡住的文档, 队列里的文档, 队列里的任务, 要打印的文档,
    打印中的文档, 排队中的文档, 排队的文档, 排队的文件,
    等待打印的文档, 正在排队的任务, 打印队列里的文档, 打印队列里的任务, 打印队列里的文件,
    队列里的文件, 队列中的文档, 打印队列中的文档, 打印队列中的任务
    打印列表, 待打印文档, 排队任务, 打印队列里的任务, 卡住的打印任务
ink_cartridge: 墨盒, 硒鼓, 墨水,
    墨水盒, 碳粉, 碳粉盒, 粉盒, 墨粉, 墨仓, 墨盒们, 彩色墨盒, 黑色墨盒, 墨量, 墨水余量, 墨水量,
    剩余墨量, 墨盒余量, 墨, 墨水够不够, 没墨, 缺墨
paper_jam: 卡纸, 卡住的纸, 夹着的纸, 夹住的纸, 卡着的纸, 卡住的纸张, 夹纸,
    塞纸, 卡纸问题, 卡住的纸片, 碎纸, 纸屑, 夹住的纸张,
    夹在里面的纸, 卡在里面的纸, 卡在里面的纸张, 夹在里面的纸张, 卡在打印机里的纸, 里面的纸,
    卡进去的纸,
    卡在里头的纸
troubleshooter: 疑难解答, 故障排除, 诊断,
    疑难解答程序, 诊断工具, 故障排查
network.troubleshooter: 诊断网络问题, 诊断网络, 网络问题诊断, 诊断网络连接问题
startup_apps: 启动选项卡, 启动标签页, 启动标签, 开机启动项, 启动项, 开机自启, 自启动,
    启动那一栏, 启动栏, 启动那一页, 启动页面, 启动那个标签,
    开机自动运行的程序, 开机自启动,
    开机自动启动, 开机自动运行, 开机启动, 开机自动打开, 自动启动, 启动里, 启动那里
background_apps: 后台程序, 后台应用, 后台, 后台运行的程序, 最近任务, 多任务界面, 最近任务列表,
    多任务, 后台任务,
    后台进程, 后台任务, 后台软件, 后台应用程序, 进程, 正在运行的程序, 正在运行的应用, 运行中的程序,
    运行中的应用, 多余的程序, 不用的程序, 其他程序, 其他应用, 后台运行的应用,
    后台运行的软件, 在后台运行的程序, 在后台运行的软件, 在后台运行的应用, 后台开着的程序,
    后台开着的应用, 后台开着的软件, 在后台跑的程序, 后台跑的程序, 在后台跑的软件, 后台跑着的程序,
    后台跑着的软件, 后台挂着的软件, 后台挂着的程序
disk: 磁盘, 硬盘, C盘, 固态硬盘,
    系统盘, 本地磁盘, 机械硬盘, SSD
malware: 病毒, 恶意软件, 木马, 杀毒软件, 安全软件,
    流氓软件, 广告软件, 间谍软件, 电脑管家, 360安全卫士, 火绒, WINDOWS安全中心, 防病毒软件,
    木马程序, 杀软, 病毒和威胁防护
ram: 内存, 内存条,
    运行内存, 运存
power_plan: 电源计划, 电源模式, 性能模式,
    电源选项, 电源方案, 电源管理模式
2fa: 双重验证, 两步验证, 二次验证, 双重认证, 双因素认证, 两步验证码,
    二步验证, 双因子认证, 两步认证, 多重验证, 多因素认证, 二次认证, 双重身份验证, 两步登录验证,
    登录保护, 两步验证方式, 双重验证方式, 二次验证方式, 两步验证的方式
app_password: 应用专用密码, 专用密码, 应用密码, 授权码, 客户端授权码, 客户端专用密码, 第三方授权码
backup_code: 备用验证码, 恢复码, 备用码,
    备份码, 应急码, 恢复代码, 备用代码, 紧急验证码
caps_lock: 大写锁定, 大写锁定键, CAPS LOCK,
    大写键, 大小写键, 大写, 大小写, 大写锁, CAPSLOCK
clock: 时间, 日期和时间, 时钟,
    系统时间, 手机时间, 日期时间, 日期, 电脑时间, 时间设置, 日期与时间
# the time zone is its own setting, not the clock's sync (see the English list)
time_zone: 时区, 时区设置, 所在时区
permission: 权限
camera: 相机, 摄像头
extensions: 扩展, 插件, 扩展程序,
    广告拦截插件, 广告拦截器, 拦截插件, 去广告插件, 油猴, 浏览器扩展, 浏览器插件, 密码管理器
incognito: 无痕模式, 无痕窗口, 隐私窗口, 隐身模式, 隐私模式, 无痕浏览, 隐身窗口, 隐私浏览, 隐身浏览,
    无痕浏览模式, 隐私浏览模式
sync: 同步,
    自动同步, 邮件同步, 同步功能, 同步开关
username: 用户名,
    账号名, 登录名, 帐号名
email: 邮件, 邮件们, 旧邮件,
    大邮件, 电子邮件, 附件, 带附件的邮件, 旧的邮件, 邮件附件
refund: 退款
replacement: 换货
compass: 指南针
brightness: 亮度, 屏幕亮度
hardware_acceleration: 硬件加速
focus: 勿扰模式, 专注模式
mobile_data: 流量, 手机流量, 移动数据, 蜂窝数据, 蜂窝网络, 蜂窝移动网络,
    数据流量, 移动网络, 5G流量
ethernet: 有线,
    以太网, 有线网络, 有线网
internet: 网络连接, 联网, 网
update: 更新
link: 链接
residual_power: 残余电量, 残留电量, 余电, 剩余电量, 余电量
outage: 故障, 区域故障, 断网, 停机, 网络故障,
    线路故障, 宽带故障, 大面积故障, 区域性故障, 停网, 网络中断, 服务中断, 片区故障, 故障通知,
    网络维护, 检修
line: 线路, 线材,
    宽带线路, 光纤线路, 入户线, 光纤, 光纤线
position: 位置, 地方, 摆放位置, 高处, 高的地方, 高一点的地方, 柜子上, 柜子上面, 桌子上, 书架上,
    架子上, 客厅中间, 房子中间, 房间中间, 家里中间
files: 照片, 视频, 文件, 临时文件,
    图片, 相片, 文档, 下载的文件, 大文件, 垃圾文件, 旧文件, 无用文件, 聊天记录, 安装包, 录音, 音乐,
    相册
card.details: 卡号, 有效期, 安全码, 到期日, CVV, CVC, 过期, 过期了, 过没过期, 到期了,
    银行卡信息, 信用卡信息, 卡信息, 过期日期, 到期时间, 有效日期, 背面三位数, 持卡人姓名,
    卡背面的三位数, 信用卡有效期, 卡的有效期, 三位安全码
payment: 交易, 付款, 支付, 这笔付款, 这笔交易, 扣款
dirt: 灰尘, 杂物, 脏东西, 碎屑, 毛絮,
    灰, 污垢, 线头, 棉絮, 异物
reset_button: RESET键, 复位键, 重置键, RESET按钮, 复位孔,
    重置孔, RESET孔, 复位按钮, 重置按钮, 复位小孔
band: 频段
tv: 电视, 电视机, 智能电视
console: 游戏机
hdmi.cable: HDMI线, HDMI线缆
battery_optimization: 电池优化, 省电优化
private_address: 私有地址, 私有WIFI地址, 随机MAC, 随机MAC地址, 随机硬件地址
visual_effects: 视觉效果, 动画效果, 动画, 透明效果
print_head: 打印头, 喷头, 打印喷头, 喷嘴,
    深度清洗, 打印头深度清洗
work_offline: 脱机工作, 脱机模式, 离线工作, 脱机工作模式, 脱机状态, 离线工作模式
location: 定位, 位置信息, 定位服务
focused_inbox: 重点收件箱, 重点邮件, 专注收件箱, 重点/其他, 重点和其他
phone_number: 手机号, 手机号码, 电话号码
verification_code: 验证码, 短信验证码, 动态码, 校验码
volume_button: 音量键, 音量加, 音量减, 音量上键, 音量下键, 音量加键, 音量减键
forwarding: 转发, 自动转发, 邮件转发, 转发规则
safe_senders: 白名单, 信任联系人, 安全发件人, 安全发件人列表, 可信发件人, 受信任的发件人, 信任列表,
    信任的发件人, 信任的联系人, 受信任的联系人, 可信联系人, 白名单列表, 邮件白名单, 受信任发件人
blocked_senders: 黑名单, 阻止的发件人, 被阻止的发件人, 拦截名单, 邮件黑名单, 黑名单列表,
    已阻止的发件人
sender: 发件人, 发信人, 对方, 发件方, 发件地址, 对方邮箱, 发件人地址
auto_reply: 自动回复, 自动答复, 休假回复, 外出回复
billing.address: 邮编, 邮政编码, 账单信息
dns.cache: DNS缓存, DNS解析缓存
extender: 扩展器, 中继器, 信号放大器, WIFI放大器, 无线中继, 无线中继器, WIFI扩展器, 信号扩展器,
    电力猫
ip_address: IP地址
keyboard_layout: 输入法, 键盘语言, 键盘布局, 输入语言
microphone: 麦克风, 话筒
notifications: 推送通知, 消息通知, 通知
wifi_assist: WIFI助理, WLAN助理, WLAN+, WIFI+, 智能切换网络, 网络智能切换, 自动切换网络,
    无线局域网助理, WIFI助手, WLAN助手
wifi_calling: WiFi通话, WLAN通话, Wi-Fi通话, 无线网络通话, WiFi电话, WLAN电话
paper: 纸, 纸张, 打印纸, 纸盒, 进纸盒, 纸盘, 进纸托盘, A4纸
password_reset: 重置密码链接, 密码重置链接, 找回密码链接, 重置密码邮件, 忘记密码链接, 忘记密码选项,
    忘记密码, 忘记密码按钮, 忘记了密码, 找回密码功能
screen: 屏幕, 显示器, 显示屏, 触摸屏
router.admin_password: 管理密码, 管理员密码, 后台密码, 路由器后台密码, 路由器管理密码,
    路由器管理员密码, 路由器登录密码
wifi.password: WIFI密码, 无线密码, 无线网密码, 网络密码, WIFI的密码, 无线网络密码, 网络安全密钥,
    安全密钥
card.international: 海外支付, 国际交易, 境外消费, 海外交易, 境外刷卡, 在线支付, 网上支付,
    网上支付功能, 网银支付, 网银支付功能, 在线支付功能, 网上支付权限, 快捷支付功能,
    境外使用, 海外消费, 跨境支付
email.server_settings: 收件服务器, IMAP服务器, 收信服务器, 收件服务器设置, IMAP设置
email.outgoing_server: 发件服务器, SMTP服务器, 发信服务器, 发送服务器, SMTP设置, 发件服务器设置,
    发送服务器配置, 发件服务器配置, SMTP, 发信设置
email.fetch: 获取方式, 邮件获取方式, 获取新数据方式, 收取方式, 收信方式, 获取新邮件的方式
"""

_ZH_CONTEXT = """
device_manager: 设备管理器
where: 任务管理器, 控制面板, 路由器后台, 光猫后台, 后台管理页面,
    后盖, 前盖, 盖板, 性能选项, 账号安全,
    命令提示符, 应用商店, 管理页面, 管理后台, 官网, 登录页,
    页面, 设置页面, 设置里, 设置中, 网站, 系统设置, 账户设置, 浏览器设置,
    快捷设置, 控制中心, 通知栏, 下拉菜单, 任务栏, 开始菜单, 应用信息, 应用详情, 资源管理器,
    文件资源管理器, 个人中心, 我的页面, 账户中心, 账号中心, 帮助中心, 设置菜单, 系统偏好设置,
    手机设置, 电脑设置, 设置界面, 设置页, 后台页面, 管理界面, 网银, 手机银行, 银行APP, 控制台,
    登录界面, 登录页面, 通用, 重置选项, 还原选项卡, 传输或还原IPHONE, 传输或还原IPAD, 传输或还原,
    还原选项
    账户安全, 账号与安全, 账户与安全, 安全设置, 安全中心, 账号安全中心, 邮箱设置,
    打印首选项, 首选项, 维护, 维护选项卡, 选项卡, 发送/接收, 发送/接收选项卡, 打印机属性,
    打印机首选项, 应用管理, 应用程序管理, 系统属性, 高级系统设置, 性能设置, 网络图标, 任务栏图标,
    托盘图标, 图标, 电池设置, 电池设置里,
    存储里, 存储页面, 存储和缓存, 无线局域网设置, 蓝牙设置, 蓝牙设置里,
    网络适配器, 系统工具,
    病毒和威胁防护, Windows安全中心, 进程, 进程里, 进程列表, 打印机和扫描仪, 蓝牙和其他设备,
    蓝牙列表, 蓝牙列表里, 蓝牙设备列表, 已配对设备列表, 配对列表, 已保存网络列表
"""

_ZH_QUALIFIERS = """
google: 谷歌, 8.8.8.8, 8.8.4.4
cloudflare: 1.1.1.1
auto: 自动, 自动获取,
    自动设置, 自动调整
2.4ghz: 2.4G, 2.4GHZ, 2.4G频段,
    2.4G的WIFI, 2.4G那个WIFI, 2.4G的那个WIFI, 2.4G的无线网,
    2.4GHZ频段
5ghz: 5G频段, 5GHZ, 5G网络
    5G的WIFI, 5G WIFI, 5G那个WIFI, 5G的那个WIFI, 5G的无线网, 5G无线网, 5G信号的WIFI
latest: 最新, 最新版, 最新版本, 新版本, 有没有新, 是否有新,
    最新的, 最新版的, 最新版本的
previous: 上一个版本, 之前的版本, 旧版本, 上一版本, 早期版本, 之前,
    旧的版本, 以前的版本, 老版本, 上个版本, 上一个, 之前版本, 旧版
factory: 出厂设置, 出厂, 默认设置,
    原厂设置, 初始状态, 出厂状态, 初始设置, 出厂默认, 默认状态,
    刚买回来的状态, 刚买回来的样子, 刚买来的状态, 刚买来的样子, 刚买时的状态, 刚买时的样子,
    买回来时的状态, 买回来时的样子, 出厂时的状态, 出厂时的样子, 出厂的状态, 出厂的样子,
    刚出厂的状态, 刚出厂时的状态, 刚出厂的样子, 新机状态, 全新状态, 原始状态, 最初的状态, 最初状态,
    刚开箱的状态, 刚开箱时的状态, 刚拆封的状态, 出厂时, 出厂的时候, 出厂模式, 刚买的样子,
    刚买的状态,
    新买的状态, 新买时的样子, 新买的样子, 刚买来那样, 刚买那样
other: 另一个, 其他, 别的, 另外一个, 另外, 另外一张, 另外一根, 另外一台,
    另一张, 另一台, 新的, 一根新, 一张新, 一个新,
    另一条, 另一块, 其它, 别处, 其他的, 另一部, 另一个新的, 别人的, 朋友的, 家人的, 同事的, 别人家的
same_network: 同一个网络, 同一个WIFI, 同一个无线网络, 同一网络, 同一个无线网, 同一无线网, 同一个网,
    同一WIFI, 同一个路由器
high_performance: 高性能, 最佳性能,
    高性能模式, 最佳性能模式
ultimate_performance: 卓越性能, 卓越性能模式
balanced: 平衡
# every session, not this one ("退出所有设备"): see the English list
everywhere: 所有设备, 全部设备, 所有登录设备, 所有已登录设备, 其他设备上, 所有会话, 全部会话
push: 推送, PUSH
# the Performance Options radio button: it turns the visual effects off (not the power plan)
lean_visuals: 调整为最佳性能, 调整为最佳性能模式, 调成最佳性能
imap: IMAP服务, IMAP/SMTP服务, IMAP/SMTP
pop: POP3服务, POP3/SMTP服务, POP/SMTP服务, POP服务
sms: 短信, 短信验证, 手机短信, 短信方式, 短信验证方式
authenticator: 身份验证器, 验证器应用, 验证器APP, 身份验证器应用, 身份验证APP, 谷歌验证器, 验证器
closer: 近一点, 附近, 旁边, 靠近,
    近点, 靠近点, 离近一点, 近一些, 身边, 同一个房间, 一米以内
health: 健康, 健康度, 健康状况, 损耗
discoverable: 可被发现, 可见性, 可被检测到, 对附近设备可见, 可被搜索到, 配对模式, 配对状态
on: 开着, 已开启, 打开的
manual: 手动, 手工
off: 已关闭
# removing an app but keeping what it stored is offloading it (see the English list)
keep_data: 保留数据, 但保留数据, 保留文稿与数据, 保留文稿和数据, 保留应用数据, 保留它的数据,
    保留其数据, 保留文档和数据, 保留文档与数据, 不删除数据, 不删数据, 数据保留
"""

_ZH_STRUCTURE: dict[str, Lexeme] = {
    "然后": ("split", ""),
    "之后": ("split", ""),
    "以后": ("split", ""),
    "后": ("split", ""),
    "再": ("split", ""),
    "并": ("split", ""),
    "并且": ("split", ""),
    "接着": ("split", ""),
    "随后": ("split", ""),
    "前": ("split", ""),
    "之前": ("split", ""),
    "以前": ("split", ""),
    "如果": ("sub", ""),
    "直到": ("sub", ""),
    # "这样邮件就不会进垃圾箱": what the step achieves, not a step
    "这样": ("sub", ""),
    "这样就": ("sub", ""),
    "以免": ("sub", ""),
    "最后": ("split", ""),
    "先": ("stop", ""),
    "同时": ("split", ""),
    "以及": ("and", ""),
    "和": ("and", ""),
    "与": ("and", ""),
    "及": ("and", ""),
    "或": ("or", ""),
    "或者": ("or", ""),
    "来": ("to", ""),
    "以便": ("to", ""),
    "以": ("to", ""),
    "从而": ("to", ""),
    "把": ("ba", ""),
    "将": ("ba", ""),
    "给": ("prep", ""),
    "为": ("loc", ""),
    "在": ("loc", ""),
    "从": ("loc", ""),
    "于": ("loc", ""),
    "比如": ("example", ""),
    "例如": ("example", ""),
    "像": ("example", ""),
    "中": ("stop", ""),
    "里": ("stop", ""),
    "上": ("stop", ""),
    "不要": ("neg", ""),
    "别": ("neg", ""),
    "不用": ("neg", ""),
    "无需": ("neg", ""),
    "让": ("causative", ""),
    "不必": ("neg", ""),
    "先别": ("neg", ""),
    "千万别": ("neg", ""),
    "没有": ("not", ""),
    "没": ("not", ""),
    "不": ("not", ""),
    "未": ("not", ""),
    "是否": ("stop", ""),
    "是不是": ("stop", ""),
    "有没有什么": ("stop", ""),
    "有没有": ("stop", ""),
    "代替": ("instead", ""),
    "替代": ("instead", ""),
    "而不是": ("instead", ""),
    "取代": ("instead", ""),
    "它": ("pron", ""),
    "它们": ("pron", ""),
    "其": ("pron", ""),
    "一次": ("stop", ""),
    "的": ("de", ""),
    "再试": ("stop", ""),
    "再试一次": ("stop", ""),
    "重试": ("stop", ""),
    "再支付一次": ("stop", ""),
    "重新支付": ("stop", ""),
    "再付一次": ("stop", ""),
    "重新付款": ("stop", ""),
    "再付款": ("stop", ""),
    "再支付": ("stop", ""),
    "试试看": ("stop", ""),
    "试试": ("trail", ""),
    "试一下": ("trail", ""),
    # what the step is expected to achieve, not a step ("一般就能恢复", "应该就好了")
    "一般就能恢复": ("stop", ""),
    "就能恢复": ("stop", ""),
    "一般就好了": ("stop", ""),
    "应该就好了": ("stop", ""),
    "就好了": ("stop", ""),
    "就能解决": ("stop", ""),
    "一般就能解决": ("stop", ""),
    "通常就能解决": ("stop", ""),
    "一般": ("stop", ""),
    "通常": ("stop", ""),
    # "你先拿别的线充一下看看能不能充进去": what the step is tried for, not a step
    "看看能不能": ("sub", ""),
    "看能不能": ("sub", ""),
    "看看是否能": ("sub", ""),
    "看看能否": ("sub", ""),
    "看是否能": ("sub", ""),
    "看看会不会": ("sub", ""),
    # "点耳机旁边的i": the info button next to a device is where, not moving it closer
    "旁边的i": ("stop", ""),
    "右边的i": ("stop", ""),
    "后面的i": ("stop", ""),
    "旁边的小i": ("stop", ""),
    "右边的小i": ("stop", ""),
    "旁边的蓝色i": ("stop", ""),
    "右边的蓝色i": ("stop", ""),
    "旁边的感叹号": ("stop", ""),
    "旁边的齿轮": ("stop", ""),
    "旁边的设置图标": ("stop", ""),
    # "光猫旁边那个路由器": the thing beside only says which one it is
    "旁边那个": ("de", ""),
    "旁边的那个": ("de", ""),
    "旁边那台": ("de", ""),
    "边上那个": ("de", ""),
    "边上那台": ("de", ""),
}

_ZH_STOP = """
的 了 一下 您 你 请 麻烦 建议 帮我 帮忙 帮 麻烦您 劳驾
可以 试试看 尝试一下 吧 呢 吗 啊 这个 那个 这张 那张 这台 该
此 这 那
一个 一张 一根 一台 个 张 根 台 所有 全部 一些 几秒 几秒钟 秒 秒钟 分钟 半分钟 一分钟 下
再次 重新 又
已 已经 就 都 也 还 先 再试 试 看 能否 是否 有没有 一会儿 一会 片刻 几分钟 等到 直接 完全
彻底
正常 正确 是否正确 好 紧 牢 插紧 一遍 里面 里 中 内 上 下面 背面 边 里有没有 没有问题
这封 这封信 信 一次 他们 她们 已保存 保存 保存的 已保存的 现有 所在 区域 等待中 待 所有 任何
就行 即可 成 到 至 对 向 让 使 被 由
起来 回来 卡住 下来 墙上
开关
一下子 顺便 赶紧 马上 立即 立刻 您的 你的 我的 自己 仔细 认真 小心 轻轻 轻轻地 稍微 大概 左右
大约 差不多 原装 原配 配套 配套的 标配 不放 不松手 别松手 不松开 按提示 按照提示 根据提示
按照指引 按指引 按步骤 按照步骤 付 付钱 好好 上网 半小时 一小时 半个小时 一个小时 小时 电 按钮 按键
不用的 没用的 不需要的 不常用的 用不到的 用不上的 没用过的 最近 最近的 最近安装的 后面 后面的 侧面
底部 背后
那些 这些 我 我们 我这边 试过 尝试过 也试过 都试过 已经试过 做过 弄过
卡针 取卡针 回形针 曲别针 牙签 针 一番 家里 家里的 的话 试着 尽量 务必 记得 记住 一定要
屁股 屁股上 屁股后面
有就 有的话 有的话就 如果有 一条 一根 两条
"""


# -- building the tables -------------------------------------------------------------------

_IRREGULAR: dict[str, tuple[str, ...]] = {
    "shut": ("shuts", "shutting"),
    "set": ("sets", "setting"),
    "reset": ("resets", "resetting"),
    "run": ("runs", "ran", "running"),
    "hold": ("holds", "held", "holding"),
    "make": ("makes", "made", "making"),
    "forget": ("forgets", "forgot", "forgotten", "forgetting"),
    "take": ("takes", "took", "taken", "taking"),
    "put": ("puts", "putting"),
    "buy": ("buys", "bought", "buying"),
    "go": ("goes", "went", "gone", "going"),
    "choose": ("chooses", "chose", "chosen", "choosing"),
    "pay": ("pays", "paid", "paying"),
    "get": ("gets", "got", "gotten", "getting"),
    "give": ("gives", "gave", "given", "giving"),
    "keep": ("keeps", "kept", "keeping"),
    "sit": ("sits", "sat", "sitting"),
    "stand": ("stands", "stood", "standing"),
    "bring": ("brings", "brought", "bringing"),
    "find": ("finds", "found", "finding"),
    "leave": ("leaves", "left", "leaving"),
    "see": ("sees", "saw", "seen", "seeing"),
    "undo": ("undoes", "undid", "undone", "undoing"),
    "download": ("downloads", "downloaded", "downloading"),
    "redownload": ("redownloads", "redownloaded", "redownloading"),
    "free": ("frees", "freed", "freeing"),
    "top": ("tops", "topped", "topping"),
    "log": ("logs", "logged", "logging"),
    "plug": ("plugs", "plugged", "plugging"),
    "unplug": ("unplugs", "unplugged", "unplugging"),
    "stop": ("stops", "stopped", "stopping"),
    "tap": ("taps", "tapped", "tapping"),
    "swap": ("swaps", "swapped", "swapping"),
    "ring": ("rings", "ringing"),
    "bleed": ("bleeds", "bled", "bleeding"),
    "blow": ("blows", "blew", "blown", "blowing"),
    "pull": ("pulls", "pulled", "pulling"),
    "rebind": ("rebinds", "rebound", "rebinding"),
    "dim": ("dims", "dimmed", "dimming"),
    "bind": ("binds", "bound", "binding"),
    "unbind": ("unbinds", "unbound", "unbinding"),
    "begin": ("begins", "began", "beginning"),
    "rebuild": ("rebuilds", "rebuilt", "rebuilding"),
    "re-build": ("re-builds", "re-built", "re-building"),
}

_VOWELS = frozenset("aeiou")


def _inflections(verb: str) -> set[str]:
    """The base form and its regular (or listed irregular) inflections."""
    forms = {verb}
    if verb in _IRREGULAR:
        forms.update(_IRREGULAR[verb])
        return forms
    if verb.endswith("e"):
        forms.update({verb + "s", verb + "d", verb[:-1] + "ing"})
    elif verb.endswith("y") and len(verb) > 2 and verb[-2] not in _VOWELS:
        forms.update({verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"})
    elif verb.endswith(("s", "sh", "ch", "x", "z")):
        forms.update({verb + "es", verb + "ed", verb + "ing"})
    else:
        forms.update({verb + "s", verb + "ed", verb + "ing"})
        # Consonant-vowel-consonant endings double the consonant ("unplug" -> "unplugged").
        if (
            len(verb) >= 3
            and verb[-1] not in _VOWELS | {"w", "x", "y"}
            and verb[-2] in _VOWELS
            and verb[-3] not in _VOWELS
        ):
            forms.update({verb + verb[-1] + "ed", verb + verb[-1] + "ing"})
    return forms


def _entries(block: str) -> Iterable[tuple[str, list[str]]]:
    """Parse "canonical: phrase, phrase" lines (continuations are indented)."""
    current: str | None = None
    phrases: list[str] = []
    for raw in block.strip().splitlines():
        line = raw.strip()
        if not line:
            continue
        if not raw.startswith((" ", "\t")) and ":" in line:
            if current is not None:
                yield current, phrases
            head, _, rest = line.partition(":")
            current, phrases = head.strip(), []
            line = rest
        phrases.extend(p.strip() for p in line.split(",") if p.strip())
    if current is not None:
        yield current, phrases


def _en_key(phrase: str) -> str:
    # Same folding the tokenizer applies: lower case, hyphens and apostrophes dropped.
    return " ".join(phrase.casefold().replace("-", " ").replace("'", "").split())


def _verb_forms(phrase: str) -> set[str]:
    """Inflect the starred word of ``phrase`` (the first word when none is starred); in a
    hyphenated word the last part is inflected ("re-install" -> "re-installing")."""
    words = phrase.split()
    index = next((i for i, word in enumerate(words) if "*" in word), 0)
    clean = [word.replace("*", "") for word in words]
    prefix, sep, last = clean[index].rpartition("-")
    out = set()
    for form in _inflections(last):
        out.add(" ".join([*clean[:index], f"{prefix}{sep}{form}", *clean[index + 1 :]]))
    return {_en_key(item) for item in out}


def _build_en() -> dict[str, Lexeme]:
    table: dict[str, Lexeme] = {}
    objects = _EN_OBJECTS + _startup_phrases()
    for word in _EN_STOP.split():
        table[_en_key(word)] = ("stop", "")
    for key, lexeme in _EN_STRUCTURE.items():
        table[_en_key(key)] = lexeme
    for canonical, phrases in _entries(_EN_CONTEXT):
        for phrase in phrases:
            table[_en_key(phrase)] = ("ctx", canonical)
    for canonical, phrases in _entries(objects):
        for phrase in phrases:
            table[_en_key(phrase)] = ("obj", canonical)
    for canonical, phrases in _entries(_OWNER_WORDS):
        for phrase in phrases:
            key = _en_key(phrase)
            kind, value = table.get(key, ("", ""))
            # Owners are objects too; remember the owner name alongside ("obj", "wifi|wifi").
            if kind in ("obj", ""):
                base = value.split("|")[0] if value else canonical
                table[key] = ("obj", f"{base}|{canonical}")
    for phrase, (obj, qual) in _QUALIFIED_OBJECTS.items():
        table[_en_key(phrase)] = ("objq", f"{obj}|{qual}")
    for key, lexeme in _EN_STRUCTURE.items():
        if lexeme[0] == "pv":
            table[_en_key(key)] = lexeme  # "power it off": the particle verb wins over the noun
    for canonical, phrases in _entries(_EN_QUALIFIERS):
        for phrase in phrases:
            table.setdefault(_en_key(phrase), ("q", canonical))
            if _en_key(phrase) in ("on", "off"):
                table[_en_key(phrase)] = ("part", canonical)
    for kind, block in (("weak", _EN_WEAK), ("op", _EN_OPS)):
        for canonical, phrases in _entries(block):
            if canonical == "nav":
                kind = "nav"  # "go to", "tap": where to do it, never the action
            elif block is _EN_OPS:
                kind = "op"
            for phrase in phrases:
                for form in _verb_forms(phrase):
                    # Objects win over ops for nouns that double as verbs ("update", "charge").
                    existing = table.get(form)
                    if existing is not None and existing[0] in ("obj", "pv", "ctx", "q"):
                        table[form] = (f"{kind}/{existing[0]}", f"{canonical}/{existing[1]}")
                    else:
                        table[form] = (kind, canonical)
    return table


def _build_zh() -> dict[str, Lexeme]:
    table: dict[str, Lexeme] = {}
    for word in _ZH_STOP.split():
        table[word.upper()] = ("stop", "")
    table.pop("的", None)
    for key, lexeme in _ZH_STRUCTURE.items():
        table[key.upper()] = lexeme
    for canonical, phrases in _entries(_ZH_CONTEXT):
        for phrase in phrases:
            table[phrase.upper()] = ("ctx", canonical)
    for canonical, phrases in _entries(_ZH_OBJECTS + _zh_startup_phrases()):
        for phrase in phrases:
            table[phrase.upper()] = ("obj", canonical)
    owners = {
        "浏览器": "browser",
        "应用": "app",
        "电池": "battery",
        "无线网卡": "wifi",
        "网卡": "wifi",
        "无线": "wifi",
        "蓝牙": "bluetooth",
        "打印机": "printer",
        "显卡": "graphics",
        "路由器": "router",
        "网络": "network",
        "邮箱": "email",
        "邮件": "email",
        "账单": "billing",
        "收货": "shipping",
        "充电": "charging",
        "电源": "power",
        "手机": "phone",
        "磁盘": "disk",
        "DNS": "dns",
        "C盘": "disk",
        "定位": "location",
        "位置": "location",
        "位置信息": "location",
        "麦克风": "microphone",
        "通知": "notifications",
        "硬盘": "disk",
        "系统盘": "disk",
        "固态硬盘": "disk",
        "相机": "camera",
        "摄像头": "camera",
    }
    for word, owner in owners.items():
        kind, value = table.get(word, ("obj", owner))
        table[word] = ("obj", f"{value}|{owner}") if kind == "obj" else (kind, value)
    table["无线网卡"] = ("obj", "wifi|wifi")
    table["显卡"] = ("obj", "graphics|graphics")
    # A longer name ending in an owner word owns a head too: "Chrome浏览器的缓存" is the
    # browser's cache, as "浏览器的缓存" is.
    for key, (kind, value) in list(table.items()):
        if kind != "obj" or "|" in value or key in owners:
            continue
        found = next((o for word, o in owners.items() if key.endswith(word) and o == value), None)
        if found is not None:
            table[key] = ("obj", f"{value}|{found}")
    for canonical, phrases in _entries(_ZH_QUALIFIERS):
        for phrase in phrases:
            table.setdefault(phrase.upper(), ("q", canonical))
    for kind, block in (("weak", _ZH_WEAK), ("op", _ZH_OPS)):
        for canonical, phrases in _entries(block):
            if canonical == "nav":
                kind = "nav"
            elif block is _ZH_OPS:
                kind = "op"
            for phrase in phrases:
                key = phrase.upper()
                existing = table.get(key)
                if existing is not None and existing[0] == "obj":
                    # "设置" is Settings after "在" and "set" before an object.
                    table[key] = (f"{kind}/obj", f"{canonical}/{existing[1]}")
                else:
                    table[key] = (kind, canonical)
    # "重启过了", "清过缓存", "卸过": the experiential 过 after a verb is no wait ("过" alone is)
    for canonical, phrases in _entries(_ZH_OPS):
        if canonical in ("nav", "wait"):
            continue
        for phrase in phrases:
            done = phrase.upper() + "过"
            if phrase.isalpha() and not phrase.isascii() and done not in table:
                table[done] = ("op", canonical)
    return table


EN_LEXICON: dict[str, Lexeme] = _build_en()
EN_LEXICON["using"] = ("by", "")  # an instrument ("using a toothpick"), not a verb
EN_LEXICON["get"] = ("weak", "use")
ZH_LEXICON: dict[str, Lexeme] = _build_zh()

# Objects an op implies when the text names none ("sign out and sign in again").
DEFAULT_OBJECTS: dict[str, str] = {
    "login": "account",
    "logout": "account",
}

# A generic object stands for any of its members ("restart the device" ~ "restart the phone").
OBJECT_FAMILIES: dict[str, frozenset[str]] = {
    "device": frozenset(
        {
            "phone",
            "computer",
            "tablet",
            "device",
            "headphones",
            "printer",
            "tv",
            "console",
            "streaming_stick",
        }
    ),
}

# Heads whose "update" is a change of value, not a software update ("update your address").
SETTABLE_HEADS = frozenset({"address", "channel", "dns", "username", "power_plan", "clock"})

# Things you plug in or pull out: "disconnect" on these is unplugging, elsewhere disabling.
PHYSICAL_OBJECTS = frozenset(
    {
        "charger",
        "cable",
        "power",
        "modem",
        "router",
        "printer",
        "computer",
        "phone",
        "battery",
        "ram",
        "power_outlet",
        "tv",
        "console",
        "streaming_stick",
        "extender",
    }
)

# "make sure X is on" asks for the state, so it is the op that sets it.
STATEFUL_OPS: dict[str, str] = {
    "on": "enable",
    "off": "disable",
    "charge": "charge",
    "enable": "enable",
    "disable": "disable",
    "allow": "allow",
    "deny": "deny",
}


# -- other targets of the same step (added with the false-block round on batches 18-21) -----
# The same step on a neighbouring thing is another step: a Bluetooth keyboard re-paired is not
# the mouse, the chipset's driver is not the graphics driver, Google Photos is not Google Maps.
# Each line: canonical object (or "canonical|owner" for a noun that owns a head such as
# "driver"), then its English and Chinese spellings.
_OTHER_TARGETS = """
keyboard|keyboard: keyboard, keyboards, bluetooth keyboard, wireless keyboard, magic keyboard,
    external keyboard, 键盘, 蓝牙键盘, 无线键盘, 外接键盘
mouse|mouse: mouse, mice, bluetooth mouse, wireless mouse, magic mouse, 鼠标, 蓝牙鼠标, 无线鼠标
controller|controller: controller, game controller, gamepad, joystick, joy con, joy cons, dualsense,
    xbox controller, ps5 controller, ps4 controller, switch pro controller, pro controller,
    手柄, 游戏手柄, 蓝牙手柄
chipset|chipset: chipset, chipsets, intel chipset, amd chipset, 芯片组
audio|audio: sound card, audio card, 声卡, 音频
camera|camera: webcam, web cam, 网络摄像头
monitor|monitor: monitor, monitors, external monitor, external display, second monitor, 显示器,
    外接显示器
scanner|scanner: scanner, document scanner, 扫描仪
remote|remote: remote, remotes, remote control, tv remote, the remote, voice remote,
    alexa voice remote, siri remote, 遥控器, 遥控, 电视遥控器
# the phone's (tablet's) screen-lock code is not an account's password
screen_lock: iphone passcode, ipad passcode, phone passcode, device passcode, screen passcode,
    lock screen passcode, screen lock passcode, screen lock password, lock screen password,
    screen lock, unlock code, unlock pattern, 锁屏密码, 解锁密码, 屏幕密码, 手机锁屏密码,
    锁屏图案, 解锁图案
# a payment method's payment password is the payment password, not the account's
payment_password: 微信支付密码, 支付宝支付密码, 微信付款密码, 支付宝付款密码, 云闪付支付密码
browser|browser: chrome browser, google chrome browser, firefox browser, safari browser,
    edge browser, microsoft edge, opera browser, brave browser
default_payment: default payment method, default payment, default card,
    default payment card, primary payment method, preferred payment method,
    default way to pay, 默认付款方式, 默认支付方式, 默认付款, 默认支付, 默认的付款方式,
    默认的支付方式, 默认扣款方式, 默认银行卡
"""

# Apps named without "app" (see _NAMED_APPS): canonical name -> spellings.
_MORE_NAMED_APPS: dict[str, tuple[str, ...]] = {
    "google_photos": ("google photos", "谷歌相册"),
    "google_maps": ("google maps", "谷歌地图"),
    "google_drive": ("google drive", "谷歌云盘", "谷歌网盘"),
    "amap": ("高德地图", "高德"),
    "baidu_maps": ("百度地图",),
    "tencent_maps": ("腾讯地图",),
    "netease_music": ("网易云音乐", "网易云"),
    "qq_music": ("qq music", "QQ音乐"),
    "iqiyi": ("iqiyi", "爱奇艺"),
    "youku": ("youku", "优酷"),
    "bilibili": ("bilibili", "哔哩哔哩", "B站"),
    "kuaishou": ("kuaishou", "快手"),
    "twitter": ("twitter",),
    "linkedin": ("linkedin",),
    "pinterest": ("pinterest",),
    "reddit": ("reddit",),
    "uber": ("uber",),
    "waze": ("waze",),
    "hulu": ("hulu",),
    "twitch": ("twitch",),
    "signal": ("signal app",),
    "viber": ("viber",),
    "prime_video": ("prime video", "amazon prime video"),
    "disney_plus": ("disney plus", "disney+"),
    "yahoo": ("yahoo", "yahoo mail"),
    "aol": ("aol", "aol mail"),
}


# Devices named by brand: still the device, never another brand's ("restart the Xbox" is not
# the PlayStation; "reset the AirPods" is not the Galaxy Buds).
_NAMED_DEVICES: dict[str, dict[str, tuple[str, ...]]] = {
    "console": {
        "xbox": ("xbox", "xbox one", "xbox series x", "xbox series s", "xbox console"),
        "playstation": ("playstation", "ps5", "ps4", "playstation 5", "playstation 4"),
        "switch": ("nintendo switch", "switch console"),
    },
    "streaming_stick": {
        "roku": ("roku", "roku stick", "roku player", "roku device"),
        "fire_tv": ("fire tv stick", "fire stick", "firestick", "fire tv"),
        "chromecast": ("chromecast", "google chromecast"),
        "apple_tv": ("apple tv",),
    },
    "router": {
        "netgear": ("netgear", "netgear router", "nighthawk"),
        "linksys": ("linksys", "linksys router"),
        "tp_link": ("tp link", "tplink", "tp link router", "deco"),
        "asus": ("asus router",),
        "eero": ("eero",),
        "orbi": ("orbi",),
        "google_wifi": ("google wifi", "nest wifi"),
    },
    "printer": {
        "hp": (
            "hp printer",
            "hp deskjet",
            "hp officejet",
            "hp envy",
            "hp laserjet",
            "deskjet",
            "officejet",
            "laserjet",
            "envy printer",
        ),
        "canon": ("canon printer", "pixma"),
        "epson": ("epson printer", "ecotank"),
        "brother": ("brother printer",),
    },
    "headphones": {
        "airpods": ("airpods", "airpod", "airpods pro", "airpods max", "air pods"),
        "galaxy_buds": ("galaxy buds", "galaxy buds pro", "galaxy buds 2", "galaxy buds2"),
        "pixel_buds": ("pixel buds",),
        "beats": ("beats", "powerbeats", "beats headphones", "powerbeats pro"),
        "bose": ("bose", "bose headphones", "bose speaker", "bose earbuds"),
        "sony": ("sony headphones", "sony earbuds"),
    },
}


def _add_other_targets() -> None:
    for canonical, phrases in _entries(_OTHER_TARGETS):
        for phrase in phrases:
            if phrase.isascii():
                EN_LEXICON[_en_key(phrase)] = ("obj", canonical)
            else:
                ZH_LEXICON[phrase.upper()] = ("obj", canonical)
    for canonical, names in _MORE_NAMED_APPS.items():
        for name in names:
            kinds = (" app", " application", "") if name.isascii() else ("", "应用", "APP")
            for kind in kinds:
                value = ("objq", f"app|name:{canonical}")
                if name.isascii():
                    EN_LEXICON[_en_key(name + kind)] = value
                else:
                    ZH_LEXICON[(name + kind).upper()] = value
    for obj, brands in _NAMED_DEVICES.items():
        for brand, spellings in brands.items():
            for spelling in spellings:
                EN_LEXICON[_en_key(spelling)] = ("objq", f"{obj}|name:{brand}")
    # "手柄跟电脑重新配对": re-paired *with* the computer, which is where, not what
    ZH_LEXICON["跟"] = ("prep", "")


_add_other_targets()


# -- colloquial Chinese wordings of common steps (the zh round-6 classes) -------------------
# Added after the tables are built so that each class stays in one place: the bank's phone
# line is the bank, a stuck document is a queued print job, an app store's "下回来" downloads
# the app again, the little plane icon is Airplane mode, an icon "点灭 / 点亮" is switched off /
# on, a relative clause naming who installed a box ("运营商装的那个猫") only says which one;
# what a call to the bank asks about ("问问这笔为啥被拒了") is its subject (sub), not a step;
# "生成应用专用密码，填到邮件客户端里": where the new password is put in is a place (loc).
# "kind value: phrases" (value "-" is empty); continuation lines are indented.
_ZH_COLLOQUIAL = """
obj bank: 银行客服电话 银行的客服电话 银行电话 银行的电话 卡背面的电话
    卡背面的客服电话 卡背后的电话 卡背后的客服电话 卡片背面的电话
    卡片背面的客服电话 信用卡客服电话 发卡行客服电话 发卡行电话 银行热线电话
    银行客服热线 银行的客服热线
obj support: 客服电话 客服热线 服务热线
op contact: 打一下 打一个 打一通 打通 拨一下 拨个 拨打一下 拨一个
obj bank: 信用卡背后的电话 信用卡背面的电话 信用卡上的电话 卡上的电话 卡背后的号码 卡背面的号码
    卡上的客服电话 信用卡背面的客服电话 信用卡背后的客服电话
stop -: 电话
obj print_queue: 卡住的文档 卡着的文档 卡住的文件 卡着的文件
    卡住的任务 卡着的任务 队列里卡着的文档 队列里卡住的任务 队列里卡着的任务
    卡住的打印文档 卡着的打印文档 卡住的打印任务 卡着的打印任务 没打出来的文档
    打印文档 打印的文档 正在打印的文档 打印机里的任务 打印机里的文档
op remove: 取消掉 全部取消 全取消 全部取消掉
op restart: 再点一次 再点一遍
op readd: 下回来 下载回来 重新下一个 再下一个 重新下个 再下个 再下载一个
    重新下载一个 装回来 再装一个 重新装一个
ctx where: 应用市场 软件商店 应用宝 华为应用市场 小米应用商店 苹果商店
    商店
obj airplane_mode: 小飞机 小飞机图标 飞机图标 飞行图标
    飞行模式图标 飞机按钮
op disable: 点灭 点暗 点成灰色 点灰
op enable: 点亮 再点亮 点成蓝色 点蓝
de -: 运营商装的 运营商给的 运营商送的 宽带送的 装宽带送的 装宽带时送的
    师傅装的 宽带师傅装的 电信装的 移动装的 联通装的
stop -: 右上角 左上角 右下角 左下角 屏幕右上角 屏幕顶部 屏幕右上方
    一两分钟 一两秒 十来秒 那一栏 这一栏 一栏 那栏 这栏 那边 这边 那一项
    那项
sub -: 为啥 为什么 怎么回事 什么原因 问问是不是 问一下是不是 问问是否
    问一下是否 问问有没有 问一下有没有 确认是否被 确认一下是否被 问问卡是不是
    问问这笔 问一下这笔
loc -: 填到 填进 填在 填入到 粘贴到 贴到 粘到
op update: 在线升级 在线更新 线上升级
obj channel_width: 频宽 信道宽度 频道宽度 频带宽度 信道带宽
obj boot_mode: 恢复模式 recovery模式 下载模式 fastboot模式 DFU模式 rec模式 挖煤模式
obj verification_code: 手机号快捷 手机快捷 短信快捷 手机号码快捷 六位数字
    那六位数字 六位数 六位验证码 数字验证码 收到的数字 六位数的验证码 四位数字
de -: 收到的
obj card: 绑定的那张卡 绑的那张卡 绑定的那张银行卡 绑定的那张信用卡 绑着的那张卡
obj card.details: 新卡上的日期 新卡上的有效期 卡上的日期 新卡的日期 卡面上的日期
    卡面上的有效期 新卡上的到期日 到期日期 到期时间
ctx where: 网页版 网页端 网页版邮箱 邮箱网页版 QQ邮箱网页版 网页版QQ邮箱 网页版的
    POP3/IMAP/SMTP POP3/SMTP/IMAP IMAP/SMTP那一栏
stop -: 往下 往下翻 往下滑 下滑
ctx where: 账户里 帐户里 账户页 账户页面 账户那一页 账户选项卡
obj print_spooler: 打印后台处理服务 打印后台处理程序 打印后台服务 打印后台处理程序服务
    后台打印服务 打印服务 打印池服务 PRINT_SPOOLER服务 SPOOLER服务 打印后台程序
op enable: 点图标进去 再点图标进去 点图标打开 重新进去 重新点进去 重新点开 再点开图标
    点开图标 点图标重新进 再点进去
stop -: 上滑 往上滑 上划 往上划 向上滑 向上划 从底部上滑
ctx where: 服务里 服务列表 服务管理 服务窗口 服务管理器
ctx where: 多任务界面 多任务页面 后台界面 最近任务界面 详情里 详情页 网络详情 详情
obj private_address: 私有无线局域网地址 私有WI-FI地址 私有WLAN地址 专用地址 私有网络地址
    专用WLAN地址 专用无线局域网地址
obj card: 绑定卡 绑着的卡 绑的卡
obj device: 蓝牙配对 蓝牙的配对 配对信息 蓝牙配对信息 蓝牙配对的设备 配对过的蓝牙
obj vpn: VPN配置 VPN设置 VPN的配置
de -: 存的 存着的 保存着的 里存的 里保存的
stop -: 一次性 统统 一股脑
stop -: 你们小区 小区 小区里 你们那片 你们那边 这片 这一片 片区 所在区域 你家那边
obj outage: 有网络故障 有区域故障 有线路故障 在断网维修 断网维修
ctx where: 运营商那边 宽带那边 电信那边 联通那边 移动那边 宽带运营商那边
sub -: 让验证码 好让验证码 这样验证码 让动态码 让两步验证码
obj setup_button: 仓上的按键 仓上的按钮 充电仓上的按钮 充电仓上的按键 仓背面的按钮 仓背面的按键
    盒子上的按键 盒子上的按钮 盒子背面的按钮 耳机仓上的按键 耳机仓上的按钮 充电盒上的按钮
    充电盒背面的按钮 仓的按键 仓的按钮
obj charger: 仓 耳机仓 盒子里 仓里
stop -: 指示灯 灯闪红 灯闪白 灯闪蓝 灯闪红色 灯闪白色 灯闪琥珀色 灯闪橙色 红灯闪 白灯闪 蓝灯闪
    红灯闪烁 白灯闪烁 蓝灯闪烁 红蓝交替闪 红蓝交替闪烁 蓝红交替闪 蓝红交替闪烁 红白交替闪
    红白交替闪烁 闪红灯 闪白灯 闪蓝灯 灯变红 灯变白 松手 再松手 松开手 两只 两个耳机 闪烁 闪
    琥珀色 橙色 白色 红色 蓝色
op charge: 放回仓里 放回充电仓 放进仓里 放回盒子里 放进充电仓 放进盒子 放回耳机仓 放进耳机仓
stop -: 一直 脱机使用 掉 再松开 松开 再松手 左边的 右边的 夹在 卡在 夹住的 夹着的
obj card.international: 国际支付 境外支付 境外消费功能 海外支付 跨境支付 国际支付功能 境外交易
    境外交易功能 海外消费 境外刷卡 国外消费
weak use: 付款方式选 支付方式选 付款方式选择 支付方式选择 付款时选 支付时选
q 5ghz: 带5G的那个网络 名字后面带5G的 名字带5G的 后缀5G的 带5G的 后缀是5G的 带5G后缀的
q 2.4ghz: 带2.4G的那个网络 名字后面带2.4G的 名字带2.4G的 后缀2.4G的 带2.4G的 后缀是2.4G的
op connect: 改连 换连 改成连
obj reset_button: 小孔 复位孔 重置孔 小洞 复位小孔 重置小孔 复位键小孔
op hold: 戳住 捅住 顶住 戳一下 捅一下
obj print_head: 打印头清洁程序 喷头清洁程序 打印头清洗程序 喷头清洗程序
ctx where: 面板 打印机面板 操作面板 面板上 触摸屏 打印机屏幕 打印机的屏幕
op disable: 的勾去掉 勾去掉 的勾取消 前面的勾去掉 的勾取消掉 勾取消掉
nav -: 打开打印队列 打开打印机队列 打开打印列表
ctx where: 菜单 打印机菜单 隐私 隐私与安全 隐私和安全 隐私和安全性 隐私设置 权限管理 应用权限
obj background_refresh: 后台应用刷新 后台刷新 后台APP刷新 后台应用程序刷新
obj print_queue: 卡着没打出来的文档 卡住没打出来的文档 卡着没打的文档 没打印出来的文档
    没打出来的文件 没打印的文档 卡着没打出来的任务 卡着没打印的文档 没打出来的任务
obj card.details: 新卡上的 新卡上面的 卡面上的 新卡背面的
op reset: 恢复成默认 还原成默认 恢复为默认 还原为默认 改回默认 恢复成默认设置 恢复默认状态
obj verification_code: 手机号加验证码 手机号+验证码 手机号和验证码 手机号验证码 手机验证码
objq app|name:kuaishou: 快手
objq app|name:bilibili: 哔哩哔哩 B站
objq app|name:iqiyi: 爱奇艺
objq app|name:youku: 优酷
objq app|name:tencent_video: 腾讯视频
objq app|name:netease_music: 网易云音乐 网易云
objq app|name:amap: 高德地图 高德
objq app|name:baidu_maps: 百度地图
objq app|name:feishu: 飞书
objq app|name:wecom: 企业微信
objq app|name:baidu_netdisk: 百度网盘
ctx where: 维护菜单 维护页面 维护工具 维护界面 打印机维护 工具箱
weak run: 跑一遍 跑一下 跑一次 运行一遍 执行一遍 做一遍 跑个
op scan: 完整扫描 全盘扫 全盘扫一遍 全面扫描 全盘查杀 扫一遍 全盘扫描一遍 完全扫描
    全盘杀一遍毒 查杀一遍
nav -: 开Windows安全中心 开安全中心 进Windows安全中心 进安全中心 打开杀毒软件 开杀毒软件
sub -: 看看有没有病毒 看有没有病毒 看看有没有中毒 看看是不是中毒
ctx where: 转发和POP/IMAP 转发和POP/IMAP设置
    POP/IMAP设置 POP3/IMAP/SMTP服务那一栏
"""


def _kinded_lines(block: str) -> Iterator[tuple[Lexeme, str]]:
    """The lines of a "kind value: words" table, each with the lexeme its words get: a line
    that is not indented starts a kind (value "-" is empty; a value may hold a colon,
    "app|name:office"), an indented one continues it."""
    lexeme: Lexeme = ("stop", "")
    for line in block.strip().splitlines():
        if not line.startswith(" "):
            head, line = line.split(": ", 1)
            kind, value = head.split()
            lexeme = (kind, "" if value == "-" else value)
        yield lexeme, line


def _kinded_zh(block: str) -> dict[str, Lexeme]:
    """Parse "kind value: 词 词" lines (words separated by spaces)."""
    table: dict[str, Lexeme] = {}
    for lexeme, line in _kinded_lines(block):
        table.update(dict.fromkeys((p.upper() for p in line.split()), lexeme))
    return table


ZH_LEXICON.update(_kinded_zh(_ZH_COLLOQUIAL))

# -- everyday English wordings of common steps (the EN round-7 classes, batches 22-25) -------
# "kind value: phrase, phrase" (value "-" is empty); an op's first word (or the starred one) is
# inflected. The ISP's box is the router; a network's saved profile is the network; the plane
# icon is Airplane mode; service down near you is the outage (not a device moved closer); a
# cartridge's contacts are the cartridge's; the reset menu's own labels, the floor and a shelf
# are places; the tools a part is cleaned with say nothing of the step ("w/ a toothpick");
# a part reinserted is reseated (taken out before it, "remove ... and reinsert it").
_EN_EVERYDAY = """
obj router: box from your isp, box from the isp, isp box, box from your provider,
    box from your internet provider, box your isp gave you, box the isp gave you
obj outage: service is down, internet is down, service down, internet down, status map,
    service status map, service status page, outage page, service is down near you,
    internet is down near you, down near you, down in your area, down where you live,
    down in your neighbourhood, down in your neighborhood, service map, outage checker
obj airplane_mode: plane icon, airplane icon, aeroplane icon, little plane icon, plane symbol,
    airplane symbol, aeroplane symbol, airplane mode icon, plane button, airplane button,
    airplane toggle, plane toggle
obj wifi_network: home ssid, saved wifi profile, saved wi fi profile
obj ink_cartridge: cartridge contacts, copper contacts, gold contacts, metal contacts,
    electrical contacts, contacts on the cartridge, contacts on the cartridges, chip contacts,
    cartridge chip, cartridge chips
ctx where: transfer or reset iphone, transfer or reset ipad, transfer or reset, reset options,
    reset option, the floor, floor, a shelf, shelf, high shelf, bookshelf, bookcase,
    central spot, a central spot, central location, a central location
stop -: toothpick, toothpicks, wooden toothpick, plastic toothpick, cotton swab, cotton swabs,
    q tip, q tips, soft brush, dry brush, lint free cloth, microfiber cloth, microfibre cloth,
    dry cloth, soft cloth, cloth
prep -: w
q 5ghz: name ends in 5g, ends in 5g, ending in 5g, name ending in 5g, with 5g in the name,
    with 5g at the end, 5g at the end of its name, ends with 5g, ending with 5g
q 2.4ghz: name ends in 2.4g, ends in 2.4g, ending in 2.4g, name ending in 2.4g,
    with 2.4g in the name, with 2.4g at the end, ends with 2.4g, ending with 2.4g
q factory: how it was when it came out of the box, the way it was when it came out of the box,
    how it was when you bought it, how it was when you got it, how it was when it was new,
    the way it was when you bought it, when it came out of the box, when it was new
obj dns.cache: flushdns, flush dns
ctx where: xbox accessories, xbox accessories app, the xbox accessories app
obj print_queue: stuck documents, the stuck documents, stuck document, pending documents,
    waiting documents, documents waiting to print, documents stuck in the queue
ctx where: the room, this room, that room, your room, the other side of the room
q other: your partner, your friend, a friend, someone else, a family member, a coworker,
    your coworker, a colleague, your colleague, a neighbour, a neighbor
ctx where: its slot, the slot, slot, its socket, memory slot, ram slot, the memory slot
ctx where: network connections, network connections window, network and sharing center,
    network & sharing center, adapter options, change adapter options
q 2.4ghz: 2.4 band, the 2.4 band, 2.4 network, the 2.4 one, 2.4 gig band
q 5ghz: 5 band, the 5 band, the 5 one, 5 gig band
stop -: try the wi fi again, try the wifi again, try the internet again, try the connection again,
    try printing again, try to print again, try connecting again, try charging again,
    try it again, then try again, try the printer again
op readd: reinsert, re-insert
op add: slide* it back in, slide* them back in, slide* back in, slot* it back in,
    slot* them back in, slot* back in, pop* it back in, pop* them back in, shove* it back in,
    shove* them back in, shove* back in, click* it back into, click* them back into,
    slot* it back into, slot* them back into, push* it back into, push* them back into
stop -: lamp, a lamp, desk lamp, table lamp, night light, nightlight, kettle
op enable: bring* both back up, bring* them both back up, bring* them back up,
    bring* everything back up, power* both back on, power* them back on
"""


def _kinded_en(block: str) -> dict[str, Lexeme]:
    """Parse "kind value: phrase, phrase" lines (phrases separated by commas); an op's or weak
    op's phrases are inflected."""
    table: dict[str, Lexeme] = {}
    for lexeme, line in _kinded_lines(block):
        for phrase in (p.strip() for p in line.split(",") if p.strip()):
            keys = _verb_forms(phrase) if lexeme[0] in ("op", "weak") else {_en_key(phrase)}
            table.update(dict.fromkeys(keys, lexeme))
    return table


EN_LEXICON.update(_kinded_en(_EN_EVERYDAY))


# -- everyday English wordings of account, mail and disk steps (the EN round-7 classes) --------
# Added after the tables are built so that each class stays in one place: the temp folder typed
# as %temp% (and "everything in" it) is the temp files; every active session is every session;
# a mail client's own page names ("Where you're signed in", "Forwarding and POP/IMAP", "See all
# settings") are places; the code texted again is the verification code; a password made just
# for the mail client is the app password; a "forgot your login details" link is the reset;
# Google Play Services is a system component of its own, not "the app" force-stopped.
# "kind value: phrase, phrase" (value "-" is empty); continuation lines are indented.
_EN_ACCOUNTS_DISK = """
obj files: temp, temp directory, everything in temp, everything in the temp folder,
    everything in your temp folder, everything inside temp, everything inside the temp folder,
    contents of the temp folder, contents of temp, all files in temp, all the files in temp,
    all files in the temp folder, all the files in the temp folder, whatever is in temp,
    everything in that folder, temp folder contents, windows temp folder, user temp folder
q everywhere: every active session, each active session, every open session,
    every logged in session, every signed in session, all active logins, all logins,
    every login session, every active login, all login sessions
ctx where: where youre signed in, where you are signed in, where youre logged in,
    devices youre signed in on, see all settings, forwarding and pop imap, pop imap,
    pop imap settings, forwarding and pop imap tab, accounts and import, your devices,
    security tab, account security, security page, security settings, security
obj disk.storage: cleanmgr, cleanmgr exe, disk cleanup tool, disk cleanup utility
obj play_services|play_services: google play services, play services, google play service,
    google services framework, google play services app
op request: sent again, sent to you again, sent once more, re-sent, resent, sent over again,
    texted again, texted to you again, emailed again, texted to you, texted over, sent by text
nav nav: type* temp, type* %temp%, type* temp into, type* temp in
objq app|name:office: office, office apps, office app, office suite, office install,
    office installation, microsoft office install, microsoft office installation
obj payment: fraud alert, fraud alerts, fraud notification, fraud text, fraud message,
    fraud warning, fraud check, flagged transaction, flagged payment, flagged purchase,
    flagged charge, flagged order, suspicious transaction alert, transaction alert
stop -: as genuine, as legitimate, as legit, as authorised, as authorized, as not fraud,
    as me, as you, as safe, as valid, it was you, it was me, that it was you, that it was me,
    it was really you, it was really me
nav nav: reply* yes to, text* back yes to, reply* y to
objq app|name:thunderbird: thunderbird, mozilla thunderbird
objq app|name:apple_mail: apple mail, apple mail app
objq app|name:spark: spark mail, spark mail app
obj notifications: notification permission, notifications permission, notification permissions,
    notification access, permission to send notifications, permission to show notifications
obj email.outgoing_server: outgoing server port, outgoing mail server port, smtp server port,
    outgoing servers port, port of the outgoing server
obj card.international: payments abroad, purchases abroad, transactions abroad, spending abroad,
    payments overseas, purchases overseas, transactions overseas, foreign payments,
    card use abroad, use abroad
op clear: dump, dump* out
obj temperature: temps, cpu temp, cpu temps, gpu temp, gpu temps,
    cpu temperature, cpu temperatures, gpu temperature, core temps, core temp
obj verification_code: verification text, verification sms, verification message,
    verification texts, login text, security text, code text, sms with the code,
    text with the code, text message with the code, new code text, code sms
obj app_password: password just for the mail client, password just for the mail app,
    password just for the email app, password just for the email client,
    password just for outlook, password just for the client, 16 character password,
    sixteen character password, 16 character app password, 16 letter password,
    16 digit password, 16 digit app password,
    separate password for the mail app, separate password for the mail client,
    special password for the mail app, special password for the mail client
obj password_reset: forgot your login details, forgot login details,
    forgotten your login details, forgot your sign in details, forgot your details,
    forgot your username or password, forgot username or password, forgot password or username,
    trouble logging in link, cant log in link, cant sign in link
"""


EN_LEXICON.update(_kinded_en(_EN_ACCOUNTS_DISK))


# Round 7 (zh): everyday words of batches 22-25's families — a mail folder named with 文件夹,
# pre-installed apps, an antivirus opened by name and a virus "checked", the Task Manager's
# Startup page, Outlook's safe mode, buds put back (收回) in the case and the lid closed.
_ZH_ROUND7 = """
obj email.trash: 已删除邮件文件夹 已删除的邮件文件夹 已删除文件夹里 已删除邮件文件夹里
    废纸篓里的邮件 已删除邮件箱 已删邮件
obj app: 预装软件 预装的软件 预装应用 预装的应用 预装的垃圾软件 预装垃圾软件 自带软件 自带的软件
    自带的应用 自带应用 垃圾软件 流氓软件
op scan: 查一遍毒 查毒 查查毒 查一下毒 杀一遍毒 杀杀毒 杀一下毒 查杀一遍 查杀一下
nav -: 开火绒 打开火绒 开360 打开360 打开电脑管家 开电脑管家 打开360安全卫士 开360安全卫士
stop -: 整台 整部 合上盖子 盖上盖子 关上盖子 合上盖 盖好盖子 再拿出来 再取出来 再拿出 试试信号
    再试试信号 试一下信号
obj startup_apps: 启动页 启动页面 启动页里 启动栏 启动那一页 启动那个页面
q safe_mode: 安全模式
weak use: 走 改走 换走
stop -: 拿着 走一遍 走一下 重新走一遍 再走一遍 走一次
nav -: 按住CTRL 按住CTRL键 按着CTRL 按着CTRL键 按住CTRL不放 双击 双击一下
op move: 人离 人到离 走到离
obj mailbox: 已发送 已发送文件夹 已发送邮件 已发送的邮件 已发邮件 已发送邮件文件夹
obj mobile_data: 5G数据 4G数据 5G流量 4G流量 4G/5G数据 数据流量 移动流量
obj boot_mode: 恢复模式 恢复菜单 下载模式 刷机模式 挖煤模式 RECOVERY模式 FASTBOOT模式 DFU模式
obj files: 下载的东西 下载的文件 大文件 没用的东西 没用的大文件
op update: 看看有没有新版本 看看有没有更新 看有没有新版本 看看有没有新版 看下有没有新版本
    看一下有没有新版本 看看有没有新的版本 看看有没有更新版本
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND7))
# A vendor's headphones app is an app opened on the way, not the headphones connected.
for _app in ("headphones connect", "sony headphones connect"):
    EN_LEXICON[_en_key(_app)] = ("objq", "app|name:headphones_connect")
# "lift the block on overseas transactions": the block lifted turns them on.
for _verb in ("lift", "lifts", "lifted", "lifting", "remove", "removes", "removed", "removing"):
    for _what in ("the block on", "the restriction on", "the restrictions on", "the hold on"):
        EN_LEXICON[_en_key(f"{_verb} {_what}")] = ("op", "enable")
# The Sent Items folder is the mailbox's ("empty the Sent Items folder" makes room in it).
for _folder in ("sent items", "sent items folder", "sent folder", "sent mail", "sent mail folder"):
    EN_LEXICON[_en_key(_folder)] = ("obj", "mailbox")


# -- English round 8 (accounts, apps, mail, slow computer): tools typed as their command lines --
# DISM's switches and SFC's are the system files checked, not "online" or an image cleaned up;
# powercfg's scheme GUID aliases are the power plans (SCHEME_MIN is High performance); the
# Inbox Repair Tool (SCANPST.EXE) is run on the Outlook data file, a .pst being one; a folder's
# "Empty Folder" menu item empties the folder right-clicked; the verification request (3-D
# Secure) a bank's app shows is the payment approved there; a list's "each non-essential entry"
# says which, not what is done; OneDrive and Dropbox are apps; Ctrl+Shift+Esc opens the Task
# Manager, a place; the 8-digit codes printed when 2-Step Verification was turned on are the
# backup codes; "so Outlook builds a fresh one" is what a step achieves, as "so it ..." is.
_EN_ROUND8_ACCOUNTS = """
obj system_files: dism online cleanup image restorehealth, dism cleanup image restorehealth,
    dism restorehealth, online cleanup image restorehealth, cleanup image restorehealth,
    restorehealth, restore health, scannow, sfc scannow
op set: powercfg setactive, powercfg s, run* powercfg setactive, powercfg setactive to
objq power_plan|high_performance: scheme min, scheme_min
objq power_plan|balanced: scheme balanced, scheme_balanced, scheme max, scheme_max
obj ost_file: pst, pst file, pst files, the pst, outlook pst, personal folders file,
    inbox repair tool, inbox repair, scanpst, scanpst exe, scanpst tool
op clear: empty folder, empty* the folder, empty* this folder
obj payment: verification request, payment verification request, approval request,
    payment approval request, payment request, purchase request, 3d secure request,
    3 d secure request, 3d secure prompt, 3 d secure prompt, 3d secure check, 3 d secure check,
    verification prompt, approval prompt, payment prompt
stop -: that pops up, that pop up, that popped up, that appears, that shows up, which pops up
stop -: resubmit, re submit, resubmitting, re submitting, always
objq app|name:onedrive: onedrive, one drive, microsoft onedrive
ctx where: ctrl shift esc, ctrl shift escape, control shift escape, ctrl + shift + esc
obj backup_code: 8 digit codes from the list, 8 digit code from the list,
    codes from the list you printed, code from the list you printed, codes you printed,
    printed codes, printed list of codes, list of codes you printed, codes from the printout,
    codes you printed out, codes you saved when you turned on 2 step verification,
    8 digit codes you printed, 8 digit codes you saved, 8 digit backup codes
sub -: so outlook, so windows, so the app, so teams
ctx where: appdata, appdata microsoft, appdata roaming, appdata local, localappdata,
    localappdata microsoft, appdata roaming microsoft, appdata local microsoft
objq app|name:dropbox: dropbox
stop -: each non essential entry, every non essential entry, each non essential item,
    every non essential item, non essential entries, non essential items, each entry,
    every entry, each item you dont need, each entry you dont need, the ones you dont need,
    non essential, nonessential, each one, every one
"""
EN_LEXICON.update(_kinded_en(_EN_ROUND8_ACCOUNTS))

# Round 8 (zh): everyday words of batches 26-29's families — a button held "满" a time, the
# screen gone black while it is held, a router's Reset hole poked with a SIM pin and its
# lights all flashing, "两分钟", "放个一分钟" (left for a minute), "完了再…" (after that), buds
# pushed back into the case and its lid closed, an account signed out of (退出账号) and
# signed back into (登回去), the phone's Bluetooth (手机蓝牙 is the Bluetooth, not the phone).
_ZH_ROUND8 = """
op hold: 按满 按够 按足 捅 戳
stop -: 黑屏断电了 彻底黑屏断电了
    彻底黑屏了 黑屏了 彻底黑屏 屏幕全黑了 屏幕黑了 彻底断电了 完全断电了
    灯全闪了 灯全闪 灯都闪了 灯全部闪了 灯全灭了 灯全亮了 两分钟 两三分钟 两秒
    两三秒 两秒钟 完了 弄完了 搞完了 完了以后 完事 完事了 盖上 盖好 合盖 合上 别松 别松开
    然后松手
op wait: 放个 放一会 放一会儿 放着 晾一会 晾一会儿 晾个 搁一会 搁个 放个一会
op move: 塞回 塞回去 塞进 塞进去 收进
op login: 登回去 登回来 重新登回去 再登回去 登上去 重新登上
obj bluetooth: 手机蓝牙 手机的蓝牙 手机上的蓝牙 电脑蓝牙 电脑的蓝牙 电脑上的蓝牙
obj headphones: FREEBUDS 华为FREEBUDS 华为耳机 小米耳机 华为的耳机 小米的耳机
stop -: 你连的 你连着的 你连接的 连着的 已连接的 当前连接的 正在连的 现在连的 你现在连的 你正在连的
    中间 一口气 那一页 那页 那个页面 那一栏 那一项 那项 那栏 佳能 惠普 爱普生
    按提示用手机号 按提示用手机号码 按提示用绑定的手机号
ctx where: 驱动里 驱动程序里 打印机驱动里 维护页 维护选项卡 维护页面 打印设置 打印设置里 打印选项
    打印选项里
op clean: 洗一遍 洗一下 洗洗 洗一洗
weak use: 玩手机 玩 刷手机
obj password_reset: 找回密码 找回密码页 密码找回
stop -: 台灯 一个台灯 电器 别的电器 其他电器 别的设备 其他设备 打印的时候 打印时 打印之前
obj paper: 纸张大小 纸张尺寸 纸型 纸的大小 纸张规格
op plug_in: 怼到 怼进 怼上 直接怼到 直接插到 直插
obj power_outlet: 墙面插口 墙上插口 墙上的插口 墙面的插口 墙面插座 墙面的插座 墙插口
obj card.international: 线上交易 线上支付 网上交易 境外网上支付 境外网上支付功能 境外支付功能
    境外交易功能 线上支付功能 网上交易功能 线上交易功能
stop -: 限额 额度 单笔额度 支付额度 交易额度 单笔限额
op contact: 打过去 打过去问问 打过去问一下
obj bank: 卡背面的客服电话 卡背面那个客服电话 卡背后的客服电话 卡背面的电话 卡背面那个电话
    卡背后那个电话 卡背面的热线 银行的客服电话
op disconnect: 断了 断掉了 给断了 断一下
stop -: 高级 管理
obj band_steering: 双频合一 双频合一功能 双频优选 智能双频 频段合一 双频聚合
ctx where: 常用设置 常用设置里
obj malware: 联想电脑管家 腾讯电脑管家 联想管家 华为电脑管家 小米电脑管家
nav -: 打开联想电脑管家 开联想电脑管家 打开腾讯电脑管家 打开华为电脑管家 打开联想管家
obj files: 垃圾 系统垃圾 电脑垃圾 垃圾清理 手机垃圾 缓存垃圾文件
op clear: 清理加速 一键清理 一键加速
op add: 添进去 添加进去 加上去 添上
ctx where: 反垃圾 反垃圾设置 反垃圾/黑白名单 黑白名单
obj sender: 对方地址 对方的地址 对方邮箱 对方的邮箱 对方的邮箱地址 对方邮箱地址 发件人地址
    发件人的地址 发件人邮箱
nav -: 打开那个排队的窗口 打开排队的窗口 打开排队的那个窗口 打开打印队列窗口 打开队列窗口
ctx where: 排队的窗口 排队的那个窗口 排队窗口 打印队列窗口 打印队列的窗口 队列窗口
obj print_queue: 卡着没出来的文档 卡着的文档 没打出来的文档 没出来的文档 排队的文档 待打印的文档
    卡住的打印任务 卡着的打印任务 排队的打印任务 排着队的文档
obj setup_button: 盒子侧面的按键 盒子侧面那个按键 盒子侧面那个功能键 盒子侧面的功能键
    盒子背面的按键 盒子背面那个按键 仓侧面的按键 仓侧面那个按键 充电盒侧面的按键 充电盒上的按键
    充电盒侧面那个功能键 盒子侧面的按钮 盒子侧面那个按钮
stop -: 红白闪烁
obj charging.port: TYPE-C口 TYPE-C接口 USB-C口 USB-C接口 TYPE-C充电口 TYPE-C孔 LIGHTNING口
de -: 之间 之间的 中间的
obj ethernet.cable: 光猫和路由器之间的网线 光猫和路由器之间那根网线 光猫到路由器之间的网线
    光猫到路由器的网线
    路由器和光猫之间的网线 路由器和光猫之间那根网线 光猫跟路由器之间的网线 连光猫和路由器的网线
    光猫和路由器中间的网线 光猫和路由器中间那根网线 光猫到路由器那根网线
obj disk|disk: D盘 E盘 F盘 数据盘
stop -: 让他们 请他们 叫他们 让对方 请对方
obj bank: 银行卡背面的客服电话 银行卡背面那个客服电话 银行卡背面的电话 银行卡背后的客服电话
sub -: 时间对不上 时间不对的话 否则 不然 要不然 不够再 不够的话 不够时 余额不足时 余额不够时
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND8))

# A payment app's deduction order (扣款顺序): which funds it takes first is a setting of its
# own, its value the funds put first (零钱 / 余额 are the balance, 银行卡 a card); dragging
# them to the top (拖到第一个) or making them 优先 sets it.
_ZH_PAYMENT_ORDER = """
obj payment_order: 扣款顺序 付款顺序 支付顺序 扣费顺序 扣款优先顺序 付款优先顺序 扣款方式顺序
q balance: 零钱 余额 零钱余额 钱包余额 零钱里的钱 余额里的钱 账户余额 零钱优先 余额优先
q card_first: 银行卡优先 储蓄卡优先 信用卡优先 先用银行卡 先扣银行卡 优先用银行卡 优先使用银行卡
op set: 拖到第一个 拖到第一位 拖到最上面 拖到最前面 拖到第一 放到第一个 放到第一位 排到第一
    挪到第一个 挪到最上面 移到第一个 优先使用 优先用 改成优先使用 改为优先使用 先用 先扣
"""
ZH_LEXICON.update(_kinded_zh(_ZH_PAYMENT_ORDER))
for _phrase in ("payment order", "deduction order", "payment priority", "payment method order"):
    EN_LEXICON[_en_key(_phrase)] = ("obj", "payment_order")
for _phrase in ("band steering", "smart connect", "dual-band merge", "dual band merge"):
    EN_LEXICON[_en_key(_phrase)] = ("obj", "band_steering")
# Headphones named by their model (索尼 WH-1000XM5, Bose QC45): the headphones.
_HEADPHONE_MODELS = """wh-1000xm5, wh-1000xm4, wh-1000xm3, sony wh-1000xm5, sony wh-1000xm4,
    sony wh-1000xm3, wf-1000xm5, wf-1000xm4, sony wf-1000xm5, sony wf-1000xm4, bose qc45,
    bose qc35, bose quietcomfort, freebuds, huawei freebuds"""
for _phrase in _HEADPHONE_MODELS.split(","):
    EN_LEXICON[_en_key(_phrase.strip())] = ("obj", "headphones")
# A router's admin address is where one goes ("登录 routerlogin.net", "tplogin.cn").
for _phrase in ("routerlogin.net", "routerlogin.com", "tplogin.cn", "melogin.cn", "falogin.cn"):
    EN_LEXICON[_en_key(_phrase)] = ("ctx", "where")
# Mail services named by their protocols ("enable the IMAP/SMTP service") are the protocol.
for _phrase in ("imap/smtp service", "pop3/smtp service", "imap service", "pop/imap service"):
    EN_LEXICON[_en_key(_phrase)] = ("q", "imap")
for _phrase in ("sip alg", "sip-alg", "sip helper", "alg"):
    EN_LEXICON[_en_key(_phrase)] = ("obj", "sip_alg")
for _phrase in ("balance first", "wallet balance first", "the balance first", "balance to the top"):
    EN_LEXICON[_en_key(_phrase)] = ("q", "balance")
# Menu words of Chinese settings paths (round 8): Windows' Fast Startup (its own switch, not the
# startup apps), visual effects called 特效, a permission set to Allow (改成允许), the pages one
# only passes through on the way (查看所有设置, 选择电源按钮的功能) and a closing 保存更改.
ZH_LEXICON.update(
    _kinded_zh(
        """
obj fast_startup: 快速启动 启用快速启动 快速开机 快速启动功能
    启用快速启动(推荐) 启用快速启动（推荐）
obj visual_effects: 视觉特效 特效 动画特效 窗口特效 系统特效
op allow: 改成允许 改为允许 设为允许 设成允许 选成允许 选为允许 选择允许 点允许 调成允许 换成允许
nav -: 查看所有设置 选择电源按钮的功能 更改当前不可用的设置 选择电源按钮功能 更改不可用的设置
stop -: 保存更改 保存修改 保存设置 点保存 点击保存 保存一下
"""
    )
)
for _phrase in ("fast startup", "fast start-up", "fast boot in windows", "hybrid boot"):
    EN_LEXICON[_en_key(_phrase)] = ("obj", "fast_startup")

# Round 8 (wrappers): the words around a step are no step. A customer's report of what was done
# ("I *already* did ..., *no luck*", "试了*好几遍*") and an agent's shorthand ("pls", "ur",
# "w/", "teh") carry no action; a reason or a guess ("可能是…", "既然…", "since ...") opens a
# clause that says why, not what (kind "sub": a clause led by one is commentary, see
# action_frames._commentary).
_EN_WRAPPERS = """
stop -: already, pleas, u, thx, thanks, thank you, thing, whole thing,
    multiple, numerous, repeatedly, previously, earlier, multiple times, several times,
    a bunch of times, a few times, a couple times, a couple of times, like twice,
    ive, weve, im, as well,
    as a next step, as a first step, as a final step, as a last resort, next step, first step,
    in the meantime, meanwhile, for now, to start, to start with, to begin with, first off,
    first of all, one more thing to try, one more thing, just to rule it out, to rule it out,
    just to be safe, to be safe, if you can, if possible, when you get a chance, for me,
    hi, hello, hey, hi there, thanks for waiting, thank you for waiting, thanks for your patience,
    thank you for your patience, thanks for holding, sorry, sorry about that,
    sorry for the trouble, sorry for the inconvenience, apologies, apologies for the trouble,
    apologies for the inconvenience, i'm sorry, im sorry, i apologize, i apologise
obj power_button: side key, side keys, side btn
stop -: press ok, click ok, tap ok, hit ok, select ok, choose ok, press apply, click apply,
    tap apply, hit apply, click save, tap save, hit save, tap done, click done, press done,
    hit done, click yes, tap yes, press yes
stop -: original, genuine, oem, only, let go, let go of it, let go of them, let it go,
    let them go, as admin, as administrator, as an administrator, with admin rights,
    with admin privileges, elevated, save, save changes, save it, save the changes
ctx where: cmd, admin cmd, elevated cmd, cmd prompt, admin command prompt,
    elevated command prompt, admin powershell, elevated powershell, admin terminal
ctx where: tplinkwifi website, routerlogin website, miwifi website, asusrouter website,
    myrouter website, router website
sub -: and see if the, and see whether the, and see if your, and see whether your,
    then see if the, then see whether the, then see if your, then see whether your
sub -: till, til, 'til, no luck, with no luck, without luck, no dice, no joy, to no avail,
    without success,
    nothing happened, nothing changed, nothing there, nothing works, nothing worked,
    no change, no difference, no improvement, same issue, same problem, same error,
    same result, still the same
"""
EN_LEXICON.update(_kinded_en(_EN_WRAPPERS))

_ZH_WRAPPERS = """
sub -: 可能是 有可能是 有可能 可能因为 可能由于 可能是因为 估计是 多半是 也许是 或许是 应该是
    大概是 因为 由于 既然 怕是 八成是 要是 假如 万一 若是 实在不行 实在不行的话 不行的话 还不行的话
    还是不行的话
stop -: 您看能不能 你看能不能 能不能麻烦您 能否麻烦您 可不可以麻烦您 能不能请您 能否请您 方便的话
    您方便的话 有空的话 辛苦您 劳烦您 要不您 要不 我这边建议 这边建议
split -: 完了 完了以后 完了之后 弄完 弄完了 搞完 搞完了 做完 做完了 弄好以后 弄好之后
stop -: 完 需要 还需要 就需要
stop -: 非常抱歉 抱歉 很抱歉 不好意思 给您带来不便 给您带来的不便 带来不便
    感谢您的耐心等待 感谢耐心等待
    让您久等了 久等了 您好 你好 谢谢 谢谢您 辛苦了
stop -: 好几遍 好几次 几遍 几次 多次 好多次 很多次 无数次 一遍又一遍 遍 次 都做过 也做过
"""
ZH_LEXICON.update(_kinded_zh(_ZH_WRAPPERS))

# -- round 8 (en, devices: batches 26-29) ----------------------------------------------------
# A router's web admin (its address, the labels of its menus: Advanced, Administration,
# Wireless Settings, General) is a place on the way; Save / Apply at a path's end says
# nothing of the step; the control channel is the channel. Models named without their brand
# are still that brand's device (an Archer is a TP-Link router, the WH-1000XM4 Sony's
# headphones, the QC45 Bose's, the Buds2 Galaxy Buds). A button held until a light flashes:
# the light is how one knows when to let go, and letting go ("release", "let go") ends the
# hold, no step of its own; "till" is "until".
_EN_DEVICES8 = """
ctx where: advanced, advanced tab, advanced settings, administration, administration tab,
    wireless settings, wireless general, tplinkwifi net, routerlogin net, routerlogin com,
    tplinkwifi, routerlogin, myrouter local, router login page, router login
nav -: click save, hit save, tap save, press save, then save, then hit save, then click save,
    then tap save
stop -: save changes, save the changes, save settings, save the settings, save your changes,
    save the change, save it, save them
obj channel: control channel, wifi channel number
stop -: control, ctrl, left control, left ctrl, cmd
ctx where: left side of the keyboard, the left side of the keyboard, left side, the left side,
    left hand side, the left hand side
stop -: whatever it finds, whatever it offers, whatever is available, whatever it shows,
    whatever shows up, anything it finds, any update it finds, any updates it finds
objq router|name:tp_link: archer, tp link archer, the archer
objq headphones|name:sony: wh 1000xm4, wh 1000xm5, wh1000xm4, wh1000xm5, wf 1000xm4, wf 1000xm5,
    wf1000xm4, wf1000xm5, xm4, xm5, 1000xm4, 1000xm5, sony wh 1000xm4, sony wh 1000xm5,
    sony wf 1000xm4, sony wf 1000xm5, sony xm4, sony xm5, sony wh1000xm4, sony wh1000xm5
objq headphones|name:bose: qc45, qc35, qc 45, qc 35, quietcomfort, quietcomfort 45,
    quietcomfort 35, quietcomfort earbuds, bose qc45, bose qc35, bose quietcomfort
objq headphones|name:galaxy_buds: buds2, buds 2, buds pro, buds2 pro, buds live, buds fe,
    galaxy buds live, galaxy buds fe, galaxy buds2 pro
objq app|name:wearable: galaxy wearable, galaxy wearable app, wearable app, the wearable app
obj computer: mbp, mbp 2017
sub -: till, til
stop -: release, release it, let go, let go of it, let go of them, then release, normally,
    lid open, with the lid open, the lid open, leds, led, all leds, all the leds, the leds,
    status light, the status light, indicator light, the indicator light, the indicator,
    status led, the status led, the light, light, the lights, lights, custom, custom button,
    custom buttons, the custom button, the custom buttons
op disable: net stop
op enable: net start
stop -: admin, an admin, intel, intel wireless, realtek, broadcom, qualcomm, killer, listed,
    admin cmd, an admin cmd, admin command prompt, an admin command prompt
obj print_queue: every document listed, every document, every document in it, all documents,
    all the documents, each document, every job, every job listed, all jobs, all the jobs,
    every print job, all print jobs, each job, each print job
ctx where: bluetooth devices, bluetooth list, bt list, bluetooth device list, bt devices,
    list of bluetooth devices, bluetooth devices list, paired devices list, paired devices,
    list of paired devices, my devices, my devices list
obj power_button: power bluetooth button, bluetooth button, bluetooth power button,
    power bluetooth switch, power and bluetooth button
obj power_management: lets windows switch it off to save power,
    lets windows turn it off to save power, lets windows turn off the device to save power,
    lets the computer turn it off to save power, lets the computer switch it off to save power,
    lets windows power it down to save power, lets the pc turn it off to save power,
    allows windows to turn it off to save power, allows the computer to turn it off to save power
ctx where: power management tab, the power management tab, its power management tab
sub -: it often breaks, it breaks, it can break, it tends to break, which often breaks,
    which breaks, which can break, it often interferes with, it interferes with,
    it often messes with, it messes with, it can mess with
op enable: boot* on adapter power, boot* it on adapter power, boot* on ac power,
    boot* it on ac power, boot* on the adapter, boot* it on the adapter, boot* on the charger,
    boot* it on the charger, start* it on adapter power, power* it on from the adapter,
    boot* on adapter power alone, boot* it on adapter power alone, boot* on ac power alone,
    boot* on the adapter alone, boot* on adapter power only, boot* on the adapter only
obj band_steering: smart connect, band steering, smart connect feature, band steering feature
obj sip_alg: sip alg, sipalg, sip alg setting, sip application layer gateway, alg, the alg
"""
EN_LEXICON.update(_kinded_en(_EN_DEVICES8))

# -- round 9 (false blocks, all languages) ----------------------------------------------------
# DISM repairs the component store, another tool than SFC (run one after the other they are
# two steps). A print head aligned is its alignment run, not a head cleaning. A mesh system's
# main unit is its router, whatever it is called ("the eero gateway", "the main Deco"): the
# modem it plugs into is another box.
_FB9 = """
obj system_image: dism, dism scan, dism online cleanup image restorehealth,
    dism cleanup image restorehealth, dism restorehealth, online cleanup image restorehealth,
    cleanup image restorehealth, restorehealth, restore health, dism scanhealth, scanhealth,
    dism checkhealth, checkhealth, dism repair, dism tool, the dism tool, dism command
obj head_alignment: head alignment, print head alignment, printhead alignment,
    print head align, nozzle alignment,
    alignment page, alignment sheet, printer alignment
op run: align*, realign*
obj router: eero gateway, the eero gateway, gateway eero, main eero, eero router, eero node,
    eero base, orbi router, orbi base, main orbi, deco unit, main deco, deco router,
    google wifi point, nest wifi router, mesh gateway, mesh router, velop node
"""
EN_LEXICON.update(_kinded_en(_FB9))
# 'X but (this time) do Y first': "but" before a verb joins two steps, as "and" does; "but not
# the modem" is what is left alone, as "rather than" is
_FB9_JOINS = """
and -: but, but this time, but then, but also, but first, but before that, but before you do
instead -: but not, and not, but not the, and not the
"""
EN_LEXICON.update(_kinded_en(_FB9_JOINS))

# -- round 9 (en, devices: batches 31-34) ----------------------------------------------------
# A set-top box (a Tata Play / Sky / cable box) is a TV box like a streaming stick; the power
# lead pulled *out* is unplugged as the lead pulled is; on Linux, sudo and systemctl are how a
# command is run, not what it does ("sudo systemctl restart cups": the CUPS service restarted),
# and NetworkManager is the network service; a watch's or buds' charging puck is their charger.
_EN_DEVICES9 = """
obj streaming_stick: set top box, set top boxes, settop box, the set top box, tv box,
    cable box, cable tv box, satellite box, dth box, tata play box, tata sky box, sky box,
    sky q box, virgin box, virgin media box, tivo box, freeview box, youview box, airtel box,
    airtel dth box, dish tv box, jio set top box
op unplug: pull* the power cord out, pull* the power lead out, pull* the power cable out,
    pull* the power plug out, pull* out the power cord, pull* out the power lead,
    pull* out the power cable, pull* out the power plug, take* the power lead out,
    take* the power cord out, pull* the mains lead out, pull* out the mains lead,
    pull* the mains plug out, pull* the power cord out of, pull* the power lead out of
stop -: sudo, systemctl, sudo systemctl, sudo service
obj wifi_network|network: networkmanager, network manager service, networkmanager service
obj charger: charging puck, charger puck, magnetic charger puck, magnetic charging puck,
    the puck, charging disc, magnetic charger, magnetic charging cable
objq app|name:cups: cups, cupsd, cups daemon, cups scheduler
obj upnp: upnp, universal plug and play, upnp setting, the upnp setting
ctx where: wan setup, advanced setup, upnp page, the upnp page, wan setup page, lan setup
pron -: em, 'em
objq headphones|name:sony: xm4s, xm5s, the xm4s, the xm5s
ctx where: bt settings, bluetooth settings page, the bt settings, other troubleshooters,
    additional troubleshooters, the other troubleshooters, the additional troubleshooters,
    print dialog, the print dialog, print dialogue, the print dialogue, print dialog box,
    the print dialog box
obj network.troubleshooter: network and internet one, the network and internet one,
    internet connections one, the internet connections one, network adapter one,
    the network adapter one, network and internet troubleshooter,
    the network and internet troubleshooter
obj paper: paper size, paper type, media type, the media type, the paper size, the paper type
obj network.settings: network reset
obj printer: scanner or fax
op hold: press* and keep pressing, press* and keep pushing, keep* pressing, press* and keep it held
op unplug: undock, undock* from, take* it off the dock, take* off the dock, remove* from the dock
loc -: between
obj hdmi.extender: hdmi extender, hdmi extender cable, hdmi extension cable, hdmi extension,
    hdmi extender cord, hdmi extension cord, the hdmi extender, little hdmi extender,
    the little hdmi extender cable, the little hdmi extender, the hdmi extender cable,
    the hdmi extension cable, an hdmi extender, an hdmi extender cable, an hdmi extension cable
obj wifi: fan shaped icon, the fan shaped icon, fan icon, the fan icon, wifi fan icon,
    fan shaped wifi icon, the fan shaped wifi icon, wifi signal icon, the wifi signal icon
ctx where: top right of the screen, the top right of the screen, top right corner of the screen,
    the top right corner of the screen, top right of the menu bar, the top right of the menu bar
op split: split*, split* up, separate*
stop -: give each radio its own ssid, give each band its own ssid, give each band its own name,
    give each radio its own name, give them separate names, give them different names,
    give each its own ssid, give each its own name, each with its own ssid, each with its own name
obj modem: the one the fibre comes into, the one the fiber comes into, one the fibre comes into,
    one the fiber comes into, fibre box, fiber box, the fibre box, the fiber box, ont, the ont,
    fibre modem, fiber modem, optical network terminal, the box the fibre comes into,
    the box the fiber comes into
obj router: the wi fi one, the wifi one, the wireless one
op unplug: take* the power off, take* power off, take* the power off of
stop -: once its lights settle, its lights settle, once the lights settle, the lights settle,
    once its lights are stable, once the lights are stable, until its lights settle,
    until the lights settle
ctx where: web gui, the web gui, asus web gui, the asus web gui, router web gui,
    the router web gui, router gui, the router gui
ctx where: maintenance, maintenance menu, the maintenance menu, maintenance tab,
    the maintenance tab, setup menu, the setup menu
obj paper_jam: scraps of paper, scraps of torn paper, torn scraps, scraps, torn bits, any scraps,
    torn bits of paper, bits of torn paper, scraps of torn paper stuck inside
"""
EN_LEXICON.update(_kinded_en(_EN_DEVICES9))

# -- round 9 (mixed: Chinese with English words, chat-style code-switching, batches 31-34) ----
# A router's admin page named by its brand ("华硕后台", "TP-LINK后台") is a place, not the
# phone's background apps; the two bands split apart ("2.4和5G分开") is band steering turned
# off, not "开" turning something on; Powerwash is the Chromebook's factory reset, in English
# or inside a Chinese menu path; money moved "海外网络交易" is the card's international use.
_MIXED_ROUND9 = """
ctx where: 华硕后台 小米后台 华为后台 荣耀后台 腾达后台 水星后台 网件后台 中兴后台 领势后台
    普联后台 ASUS后台 TP后台 TPLINK后台 TP-LINK后台 NETGEAR后台 LINKSYS后台 路由后台 WIFI后台
    华硕路由器后台 小米路由器后台 华为路由器后台 华硕路由后台 小米路由后台 华为路由后台
op disable: 2.4和5G分开 2.4G和5G分开 2.4和5分开 2.4跟5G分开 2.4G跟5G分开 双频分开 两个频段分开
    频段分开 5G和2.4分开 5G和2.4G分开 分开2.4和5G 分开2.4G和5G
op reset: POWERWASH 做POWERWASH 做一次POWERWASH 做个POWERWASH
obj card.international: 海外网络交易 海外网上交易 海外线上交易 境外网络交易 海外网络交易功能
    海外网上交易功能 境外网络交易功能 海外网络支付 境外网络支付 网络交易 网络交易功能 网络支付功能
obj system_files: 系统文件检查器 系统文件检查工具 系统文件检查 系统文件扫描 系统文件完整性检查
    损坏的系统文件 坏掉的系统文件 受损的系统文件 系统文件检查程序
op readd: 修复损坏的 修复受损的 修复坏掉的 修复出错的
obj system_files: 系统文件
stop -: 问问什么情况 问一下什么情况 问下什么情况 问问怎么回事 问一下怎么回事 问下怎么回事 问问啥情况
    问一下啥情况 问问是怎么回事 问问是什么情况
nav -: 去设置 进设置 到设置 去设置里 进设置里 到设置里 去手机设置 进手机设置 去手机设置里
    进手机设置里 去系统设置 进系统设置 去系统设置里 进系统设置里
stop -: 回车 按回车 敲回车 按回车键 回车键 按下回车 按ENTER 按ENTER键 敲ENTER
    自己重新启动 自己重启 自己重新打开 自己重开 自己启动 自动重新启动起来 自己重新运行
q audio_device: 扬声器和麦克风 麦克风和扬声器 扬声器和麦克风都 麦克风和扬声器都 输出设备 输入设备
    默认输出设备 默认输入设备 音频输出设备 音频输入设备 播放设备 默认播放设备 录音设备
    输出和输入设备
    SPEAKER和MIC SPEAKER和MICROPHONE 扬声器和MIC
obj internet: 互联网 INTERNET
stop -: CUSTOM键 CUSTOM按键 CUSTOM按钮 CUSTOM钮 NC键 NC按键 AMBIENT键 NC/AMBIENT键 ANC键 ANC按键
ctx where: 互联网设置 INTERNET设置 互联网设定 网络设定
obj wifi_network: 这个网络的设置 网络的设置 该网络的设置 这个WIFI的设置 WIFI的设置 这个网的设置
    这个网络的设定 网络的设定 这个网络的连接设置 已保存的网络设置 保存的网络设置
nav -: 打开命令提示符 用管理员身份打开命令提示符 以管理员身份打开命令提示符
    以管理员身份运行命令提示符 用管理员身份运行命令提示符 管理员身份打开命令提示符
    打开CMD 用管理员身份打开CMD 以管理员身份打开CMD
    打开POWERSHELL 以管理员身份打开POWERSHELL 用管理员身份打开POWERSHELL
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND9))

_EN_MIXED_ROUND9 = """
op reset: powerwash*, do* a powerwash, run* a powerwash, perform* a powerwash
q audio_device: as both speaker and microphone, as speaker and microphone,
    as the speaker and microphone, as the speaker and the microphone,
    as both the speaker and the microphone, as both speaker and mic, as speaker and mic,
    as the output device, as the input device, as the output and input device, as the audio output,
    as the audio device, as the default audio device, as the default output device,
    as the playback device, as the default playback device, as both output and input,
    as output and input, as the speaker, as the microphone, as the mic
"""
EN_LEXICON.update(_kinded_en(_EN_MIXED_ROUND9))

# -- English round 9 (accounts, apps, mail, slow computer: batches 31-34) -----------------------
# A look into a folder ("peek in the Junk folder") checks it; an OEM's preinstalled junk is its
# bloatware (an app), not the Junk mail folder; a toggle named for a block switched off ("switch
# off 'Block All Cookies'", "untick Block pop-ups") lets that thing through: the double negative
# enables it, and switched on, disables it. A wired port or a wall jack is the Ethernet; "Outlook
# on the web" is a place, no "on" (the clause is not read as off and on); Outlook's "Don't sort my
# messages" turns Focused Inbox off. A TV's tile highlighted and a remote's "press down" only
# move the focus; an app dragged to the Bin is uninstalled (action_frames), and the installer run
# after a download is part of the reinstall; a card "ending in 4821" names which card (a bare
# "ending" before the digits: action_frames._card_endings); a card
# scanned back in is added again. A renewal payment is the payment, retried "in" a private window
# is the window tried; a billing address matched to the bank statement is one check; Spotlight /
# Thunderbird's global index (and mdutil -E) are the search index; Option-Command-P-R are the
# NVRAM keys; enough balance / sufficient funds is the account's balance; a UPI PIN is the PIN.
# A sign-in page's help link ("Help, I can't sign in", "Trouble signing in?") is the password
# reset; Steam named as where a step is done is a place (its Guard is no app set).
_EN_ROUND9_ACCOUNTS = """
op check: peek* in, peek* into, peek* inside, take* a peek in, take* a peek inside,
    have* a peek in, have* a peek inside, take* a look in, have* a look in
obj app: preinstalled junk, pre installed junk, preloaded junk, pre loaded junk, oem junk,
    factory junk, bundled junk, manufacturer junk, vendor junk
op enable: switch* off block, turn* off block, toggle* off block, untick* block,
    uncheck* block, disable* block, deselect* block, un tick* block, un check* block
op disable: switch* on block, turn* on block, toggle* on block, tick* block, enable* block
obj ethernet: wired port, ethernet port, network port, lan port, ethernet jack, network jack,
    wired jack, wall jack, lan jack, rj45 port, rj 45 port, wired network port, ethernet socket,
    network socket, wall port, wired wall port, ethernet wall port, network wall port
ctx where: outlook on the web, mail on the web, gmail on the web,
    in the web app, the web version, in the web version, on the web version
op disable: dont sort my messages, do not sort my messages, dont sort messages
op nav: highlight*
nav -: press the down arrow, press the down button, press down on the remote,
    press down on the d pad, press the up arrow
ctx where: home row, the home row, tizen home row, the tizen home row, home screen row, apps row,
    the apps row, tizen, tizen home, webos home, webos, applications folder,
    the applications folder, from applications, microsoft account page
stop -: ending in, that ends in, which ends in, ending with
op move: drag*
stop -: and run the installer, then run the installer, run the installer, run its installer,
    and run its installer, open the installer, and open the installer, run the setup file,
    and run the setup file
ctx where: microsoft website, from microsoft website, apple website, from the website,
    from the official site, from the official website
obj trash: bin, the bin, mac bin, the mac bin
objq app|name:mcafee: mcafee trial, the mcafee trial, mcafee trial software, mcafee trial version,
    mcafee livesafe, mcafee livesafe trial, mcafee free trial, mcafee trialware
objq app|name:norton: norton trial, the norton trial, norton trial software, norton free trial
ctx where: at boot, at startup, at start up, on boot, during boot
obj payment: renewal payment, the renewal payment, subscription renewal payment, renewal charge,
    annual renewal payment, adobe renewal payment, the adobe renewal payment, plan renewal payment
stop -: match your bank statement, matches your bank statement, match the bank statement,
    matches the bank statement, match your statement, matches your statement,
    match your bank statement exactly, match your statement exactly, exactly
obj search_index: spotlight index, the spotlight index, spotlight search index, spotlight,
    global search index, the global search index, global messages db sqlite, global messages db,
    thunderbird global search index, the thunderbird global search index, gloda, gloda index
obj search_index: mdutil e, sudo mdutil e, mdutil erase, sudo mdutil erase
stop -: let it finish re indexing, let it finish reindexing, let it finish indexing,
    and let it finish re indexing, wait for it to finish indexing, let it re index,
    let it reindex, let spotlight re index, let spotlight reindex
obj nvram: option command p r, option cmd p r, command option p r, cmd option p r, opt cmd p r,
    option command p and r, option cmd p and r, cmd option p and r, command option p and r,
    option command pr, option cmd pr
op use: retry the payment in, retry the renewal payment in, retry the adobe renewal payment in,
    try the payment again in, try the renewal payment again in, try again in, retry it in,
    try it again in, try the adobe renewal payment again in, retry the purchase in,
    try the purchase again in, pay again in, retry the subscription payment in,
    try paying again in, retry paying in
obj account.balance: enough balance, sufficient balance, enough funds, sufficient funds,
    enough money, enough credit, insufficient balance, insufficient funds, available balance,
    account balance, the balance, your balance, the account balance, low balance
obj pin: upi pin, your upi pin, the upi pin, upi mpin, mpin
ctx where: steam, steam client, the steam client, steam login screen, the steam login screen
obj password_reset: help i cant sign in, help i can t sign in, i cant sign in, cant sign in,
    trouble signing in, having trouble signing in, cant access your account,
    cant access my account
op add: scan* it back in, scan* it in again, scan* it back, scan* them back in,
    scan* the card back in, scan* the card in again, scan* it in once more
"""
EN_LEXICON.update(_kinded_en(_EN_ROUND9_ACCOUNTS))


# -- Traditional characters (zh round 9) -----------------------------------------------------
# Traditional text (Taiwan, Hong Kong) is read as Simplified, character for character, when it is
# normalised: each pair is a Traditional character and the Simplified one the Chinese tables are
# spelled with (換->换, 電->电, 裡->里, 著->着). No Traditional character here is also a Simplified
# one, so Simplified text is unchanged; the words that differ between the regions (程式, 網路,
# 印表機) are words, in the round-9 table.
_ZH_TRADITIONAL9 = """
萬万 與与 專专 業业 東东 兩两 個个 豐丰 臨临 為为 麗丽 舉举 麼么
義义 樂乐 書书 買买 亂乱 爭争 於于 虧亏 雲云 亞亚 產产 親亲 億亿
僅仅 從从 倉仓 儀仪 們们 價价 眾众 優优 會会 傘伞 偉伟 傳传 傷伤
倫伦 偽伪 體体 餘余 來来 係系 側侧 偵侦 備备 傢家 儲储 僕仆 償偿
儘尽 兒儿 兌兑 黨党 內内 冊册 寫写 軍军 農农 沖冲 決决 況况 凍冻
淨净 凈净 準准 涼凉 減减 湊凑 幾几 鳳凤 憑凭 凱凯 擊击 劃划 劉刘
則则 剛刚 創创 刪删 別别 劑剂 剝剥 劇剧 勸劝 辦办 務务 動动 勵励
勁劲 勞劳 勢势 匯汇 區区 醫医 華华 協协 單单 賣卖 衛卫 卻却 廠厂
廳厅 曆历 歷历 壓压 厭厌 廁厕 縣县 參参 雙双 發发 髮发 變变 敘叙
疊叠 葉叶 號号 嘆叹 嚇吓 嗎吗 吳吴 聽听 啟启 員员 嗚呜 響响 啞哑
喚唤 嘩哗 囉啰 噴喷 嚴严 囑嘱 團团 園园 圍围 圖图 圓圆 國国 聖圣
場场 壞坏 塊块 堅坚 壇坛 墜坠 墊垫 塢坞 塵尘 牆墙 壯壮 聲声 殼壳
處处 復复 複复 夠够 夢梦 頭头 誇夸 夾夹 奪夺 奮奋 獎奖 婦妇 媽妈
孫孙 學学 寧宁 寶宝 實实 寵宠 審审 宮宫 寬宽 賓宾 對对 尋寻 導导
壽寿 將将 爾尔 嘗尝 屍尸 盡尽 層层 屬属 歲岁 島岛 幣币 幫帮 帳帐
帶带 幹干 乾干 廣广 莊庄 慶庆 庫库 應应 廢废 開开 異异 棄弃 張张
彎弯 彈弹 強强 歸归 當当 錄录 徹彻 徑径 徵征 憶忆 懷怀 態态 憐怜
總总 戀恋 惡恶 惱恼 悅悦 懸悬 驚惊 慘惨 慣惯 願愿 懶懒 戲戏 戰战
戶户 撲扑 執执 擴扩 掃扫 揚扬 擾扰 搶抢 護护 報报 擔担 擬拟 擁拥
攔拦 撥拨 擇择 掛挂 擋挡 擠挤 揮挥 撈捞 損损 換换 據据 擲掷 撿捡
揀拣 攜携 攝摄 擺摆 搖摇 攤摊 撐撑 攪搅 敵敌 數数 斷断 無无 舊旧
時时 顯显 暫暂 曬晒 術术 機机 殺杀 雜杂 權权 條条 楊杨 極极 構构
槍枪 櫃柜 標标 欄栏 樹树 樣样 橋桥 檢检 樓楼 歡欢 歐欧 殘残 氣气
漢汉 湯汤 溝沟 灑洒 淚泪 潔洁 測测 濟济 淺浅 濃浓 漲涨 溫温 滿满
濾滤 灣湾 濕湿 滾滚 滲渗 滅灭 燈灯 靈灵 災灾 爐炉 點点 爛烂 燒烧
煙烟 煩烦 熱热 燭烛 營营 愛爱 牽牵 狀状 獨独 獲获 貓猫 獻献 現现
環环 畫画 暢畅 療疗 瘋疯 癢痒 皺皱 鹽盐 監监 蓋盖 盤盘 睜睁 瞭了
矯矫 確确 礙碍 礦矿 碼码 磚砖 禮礼 禍祸 離离 種种 積积 稱称 穩稳
窩窝 窮穷 豎竖 競竞 筆笔 節节 範范 築筑 簡简 籃篮 籠笼 簽签 籤签
類类 糧粮 緊紧 糾纠 紅红 約约 級级 紀纪 紋纹 納纳 純纯 紙纸 紛纷
細细 終终 組组 絆绊 經经 結结 給给 絡络 絕绝 統统 絲丝 繼继 續续
綠绿 維维 綿绵 網网 緒绪 線线 綫线 編编 緩缓 練练 縮缩 縫缝 織织
繞绕 繩绳 繪绘 纜缆 紮扎 紗纱 繫系 縱纵 纖纤 絨绒 綁绑 綴缀 緻致
纏缠 紐纽 罷罢 罰罚 羅罗 習习 聞闻 聯联 職职 膚肤 脫脱 腦脑 臉脸
膠胶 腳脚 臟脏 髒脏 艙舱 藝艺 蘋苹 萊莱 蓮莲 薦荐 藥药 蘇苏 蘭兰
蟲虫 蝦虾 螢萤 蠟蜡 衝冲 補补 裝装 裡里 裏里 製制 見见 規规 視视
覽览 覺觉 觀观 觸触 計计 訂订 認认 討讨 讓让 訓训 議议 訊讯 記记
講讲 許许 論论 訪访 設设 證证 評评 識识 詞词 譯译 試试 誠诚 話话
該该 詳详 語语 誤误 說说 請请 讀读 課课 誰谁 調调 談谈 謝谢 謹谨
貝贝 負负 財财 責责 敗败 貨货 質质 購购 貫贯 貼贴 貴贵 費费 資资
賞赏 賠赔 賬账 賴赖 贈赠 贊赞 讚赞 趕赶 躍跃 蹤踪 車车 軌轨 軟软
轉转 輪轮 載载 輕轻 較较 輔辅 輸输 辭辞 邊边 達达 遷迁 過过 邁迈
運运 還还 這这 進进 遠远 違违 連连 遲迟 適适 選选 遞递 遜逊 遺遗
邏逻 鄉乡 郵邮 釋释 鑒鉴 鑑鉴 針针 釘钉 鈕钮 鈔钞 鉛铅 鈴铃 鐵铁
銀银 鏈链 鍊链 鋪铺 銷销 鎖锁 鋼钢 錢钱 錯错 鍵键 鐘钟 鍾钟 鏡镜
鑰钥 鈍钝 鍋锅 鋁铝 錶表 鋰锂 銅铜 鑽钻 鉤钩 鈎钩 閥阀 閘闸 闆板
長长 門门 閃闪 閉闭 問问 閒闲 間间 悶闷 閱阅 闊阔 關关 閣阁 隊队
陽阳 陰阴 陣阵 階阶 際际 陸陆 陳陈 險险 隨随 隱隐 隻只 難难 雞鸡
雖虽 電电 霧雾 靜静 韓韩 頁页 頂顶 項项 順顺 須须 預预 頓顿 領领
頻频 顆颗 題题 額额 顏颜 風风 颱台 臺台 檯台 飛飞 飯饭 飲饮 飽饱
館馆 饋馈 馬马 駕驾 驅驱 驗验 驟骤 騙骗 騎骑 鬆松 鬧闹 魚鱼 鳥鸟
鴻鸿 麥麦 黃黄 齊齐 齒齿 齡龄 龍龙 麵面 檔档 夥伙 託托 週周 鬥斗
礎础 藍蓝 彙汇 滙汇 著着 揹背 掙挣 擱搁 摳抠 懟怼 擰拧 拋抛 摟搂
捨舍 捲卷 擡抬 廚厨 廈厦 櫥橱 樁桩 蘆芦 蘿萝 蔔卜 虛虚 嶼屿 訴诉
詢询 診诊 註注 詐诈 誌志 諾诺 謊谎 贏赢 賺赚 賽赛 輯辑 轟轰 遊游
遙遥 錫锡 鏽锈 顧顾 飄飘 餵喂 鬍胡 鹼碱 黴霉 壺壶 畢毕 盜盗 祕秘
稅税 竅窍 繡绣 翹翘 膽胆 艱艰 蕩荡 螞蚂 蟻蚁 襯衬 覓觅 詭诡 趙赵
輩辈 辯辩 釣钓 銘铭 鍍镀 鏟铲 閩闽 闡阐 韋韦 韻韵 頒颁 頸颈 顛颠
顫颤 饑饥 駐驻 騰腾 鬱郁 魯鲁 鮮鲜 鴨鸭 鵝鹅 鷹鹰 龐庞 啓启 緣缘
攬揽 摺折 鎂镁 鏢镖 憂忧 燙烫 燉炖 熾炽 瓏珑 瑪玛 嚕噜 駭骇 驛驿
廂厢 筧笕 紡纺 蘊蕴 賦赋 軸轴 鈞钧 閑闲 鑲镶 蟬蝉 濱滨 剷铲 尷尴
囂嚣 儕侪 傭佣 債债 傾倾 僑侨 儉俭 匱匮 卹恤 厲厉 喪丧 嘮唠 噸吨
嚨咙 墮堕 壟垄 奧奥 嬌娇 孿孪 寢寝 廝厮 彆别 徬彷 恥耻 惻恻 愜惬
慚惭 慮虑 憤愤 懇恳 懲惩 懼惧 戔戋 拚拼 捫扪 搗捣 撓挠 撻挞 擷撷
攏拢 斂敛 暈晕 曉晓 朧胧 棗枣 棟栋 椏桠 樞枢 樺桦 橫横 檻槛 櫚榈
歎叹 殯殡 毀毁 氈毡 氫氢 氬氩 汙污 洩泄 溼湿 滷卤 漿浆 潛潜 澀涩
瀏浏 瀉泻 瀝沥 灘滩 烏乌 煥焕 燐磷 爍烁 牘牍 犢犊 猙狰 獅狮 瑯琅
甕瓮 畝亩 痺痹 瘓痪 瘧疟 癒愈 皰疱 盃杯 瞞瞒 矓眬 砲炮 碩硕 磯矶
礪砺 禱祷 稟禀 穀谷 窪洼 窺窥 竄窜 筍笋 箇个 箏筝 簍篓 簾帘 籬篱
粧妆 糰团 糝糁 紈纨 紜纭 絞绞 綜综 綱纲 緝缉 緞缎 緯纬 縛缚 縝缜
縷缕 繃绷 繳缴 纓缨 罈坛 羈羁 聳耸 聵聩 聾聋 肅肃 脹胀 膩腻 膿脓
臍脐 艦舰 芻刍 莖茎 薑姜 蘚藓 虜虏 蝕蚀 蠶蚕 蠻蛮 衊蔑 裊袅 襖袄
訛讹 訝讶 詠咏 誣诬 諒谅 謀谋 謎谜 謙谦 謠谣 譜谱 譴谴 豈岂 豬猪
貧贫 販贩 貪贪 貯贮 賀贺 賊贼 賢贤 賤贱 賭赌 贓赃 趨趋 跡迹 踐践
軀躯 軋轧 軒轩 軔轫 軛轭 軻轲 輒辄 輛辆 輝辉 輿舆 轄辖 轎轿 辮辫
遼辽 醞酝 釀酿 釐厘 鈣钙 鈉钠 鉅钜 鉸铰 銳锐 鋒锋 錦锦 錨锚 鍛锻
鎊镑 鎮镇 鐺铛 鑄铸 鑿凿 閻阎 闖闯 阨厄 陝陕 陘陉 隕陨 隴陇 雋隽
雛雏 霽霁 靂雳 靨靥 鞏巩 韁缰 頗颇 頰颊 顎颚 顥颢 颳刮 颼飕 飆飙
飼饲 餃饺 餅饼 餓饿 饅馒 饒饶 馮冯 馳驰 駁驳 駛驶 駱骆 騷骚 驢驴
驕骄 驥骥 髏髅 鬢鬓 魷鱿 鯨鲸 鰻鳗 鱷鳄 鳩鸠 鳴鸣 鴉鸦 鴿鸽 鵡鹉
鶴鹤 鸚鹦 鹵卤 黷黩 鼴鼹 齣出 齦龈 龜龟 嗶哔 囪囱 蒐搜 衚胡 峯峰
凜凛 勳勋 痠酸 瞇眯 繽缤 閬阆 頹颓 飪饪 纔才 迴回 佔占 綵彩 僱雇
傑杰 韌韧 鋸锯 衞卫 後后 沒没 佇伫
"""
ZH_TRADITIONAL: dict[int, int] = {ord(pair[0]): ord(pair[1]) for pair in _ZH_TRADITIONAL9.split()}

# -- words of Taiwan and Hong Kong (zh round 9) ----------------------------------------------
# "mainland regional": the same thing under the other regions' word (網路 for 网络, 程式 for
# 程序, 印表機 for 打印机, 分享器 for 路由器), spelled in Simplified like the tables, since
# Traditional text is read through ZH_TRADITIONAL first. Every Chinese entry with the mainland
# word gets the regional one too (无线网络连接 -> 无线网路连线), unless that key is already taken.
_ZH_REGIONAL9 = """
网络 网路, 程序 程式, 打印机 印表机, 打印 列印, 路由器 分享器, 光猫 数据机, 调制解调器 数据机,
缓存 快取, 账号 帐号, 账户 帐户, 短信 简讯, 屏幕 萤幕, 软件 软体, 文件夹 资料夹, 文件 档案,
数据 资料, 件箱 件匣, 邮件 信件,
连接 连线, 移动数据 行动数据, 蓝牙 蓝芽, 设备管理器 装置管理员, 设备 装置, 内存 记忆体,
硬盘 硬碟, 鼠标 滑鼠, 窗口 视窗, 固件 韧体, 墨盒 墨水匣, 网线 网路线, 数据线 传输线, 邮箱 信箱,
收件箱 收件匣, 笔记本电脑 笔记型电脑, 台式机 桌机, 操作系统 作业系统, 设置 设定, 菜单 选单,
图标 图示, 点击 点选, 卸载 解除安装, 重启 重新开机, 无线局域网 无线区域网路, 手机号 手机号码,
网卡 网路卡, 适配器 介面卡, 记录 纪录, 磁盘 磁碟, 队列 伫列, 信道 频道, 插线板 延长线, 排插 延长线,
发件人 寄件者, 拉黑 封锁, 屏蔽 封锁, 出厂设置 原厂设定, 飞行模式 飞航模式, 移动网络 行动网络,
视频 影片, 登录 登入, 粉盒 粉匣, 移动网路 行动网路, 碎片整理 重组, 显卡 显示卡, C盘 C槽, D盘 D槽,
E盘 E槽,
网上交易 网路交易, 海外交易 海外网路交易, 网上支付 网路支付, 电源适配器 电源供应器
"""


def _regional_zh(table: dict[str, Lexeme], block: str) -> None:
    pairs = [tuple(pair.split()) for pair in block.replace("\n", ",").split(",") if pair.strip()]
    found = re.compile("|".join(re.escape(mainland) for mainland, _ in pairs)).search
    for key, lexeme in list(table.items()):
        if found(key) is None:
            continue
        variants = {key}
        for mainland, regional in pairs:
            variants |= {v.replace(mainland, regional) for v in variants if mainland in v}
        for variant in variants - {key}:
            table.setdefault(variant, lexeme)


# -- Chinese round 9 (batches 31-34): words of the round's classes ---------------------------
# An e-reader (电纸书) is a tablet; a watch or band (手表, 手环) is a device of its own; what the
# screen does while a button is held (闪一下, 黑屏了) and counting to ten (数十下) are no step, nor
# the button let go (再放); a part snapped back in (卡回去) is put back like 装回去; a drive
# (驱动器) is the disk, not a driver, also in Windows' tool (优化驱动器), searched for (搜) on
# the way; an SMS received (收一条短信) is the outcome waited for, as is the click a part makes
# (听到咔哒一声就装好了); a paper scrap caught inside (夹着的纸片) is the jam; a nozzle check
# page printed (打印一张喷嘴检查页) is the nozzle check, a white sheet put in for it no step; a
# router's system (路由器的系统) is its firmware; a cover opened (把后盖打开) is the way in; a
# form (报销单) withdrawn (撤回) and submitted again (重新提交) is resubmitted.
_ZH_ROUND9 = """
obj tablet: 电纸书 亚马逊电纸书 电子书阅读器 阅读器 墨水屏阅读器 墨水屏
obj watch: 手表 智能手表 手环 智能手环 运动手环 华为手表 小米手环 儿童手表 电话手表
stop -: 屏幕闪一下 屏幕闪了一下 屏幕一闪 闪一下 屏幕闪了 屏幕亮了 屏幕亮起来 数十下 数到十
    数个十下 默数十下 再放 再放开 放开 松开手
op readd: 再卡回去 再卡回 重新卡回去 重新卡好 再扣回去 重新扣回去
op add: 卡回去 卡回 卡进去 扣回去 卡好
obj disk|disk: 驱动器 优化驱动器
nav nav: 搜 搜一下 搜索一下
stop -: 收一条短信 收短信 收一下短信 收到短信 收到验证码 再收一条短信
obj paper_jam: 夹着的纸片 卡着的纸片 纸片 碎纸片 纸屑
stop -: 听到咔哒一声 听到咔嗒一声 听到咔的一声 咔哒一声 咔嗒一声 就装好了 就装好 就卡好了 就到位了
sub -: 看会不会 看能不能 看能否 看是否能 看会不会开始充电 看能不能充上电
objq app|name:ai_life: 智慧生活 华为智慧生活 智慧生活APP
obj wifi_network: 家里那个网 家里的网 家里那个网络 家里这个网
obj wifi: 扇形图标 扇形的图标 那个扇形图标 扇形那个图标 wifi图标 无线图标
op restart: 灭了再点亮 关了再点亮 点灭再点亮 点灭了再点亮 点灭了再点开 灭了再打开
ctx where: 蓝牙设置里 手机蓝牙设置里 手机的蓝牙设置里 蓝牙列表里 蓝牙列表 已配对设备列表里
    显示系统程序 显示系统应用 显示系统进程 属性 右键属性
stop -: 全勾上 全部勾上 都勾上
obj print_head: 喷嘴检查页 喷嘴检查图案 喷嘴测试页 喷嘴检查图 喷嘴检查样张
obj firmware: 路由器系统 路由器的系统 光猫系统 光猫的系统 路由器的系统版本 路由器系统版本
stop -: 弹出菜单后 弹出菜单 弹出菜单以后 弹出选项后 菜单弹出来后 菜单弹出来以后 弹出关机菜单后
obj wifi: 无线网络连接 wlan连接
op withdraw: 撤回 撤回来 撤掉
op submit: 提交 提交一下 提交上去 交上去
op resubmit: 重新提交 再提交一遍 再次提交 重新提交一遍 重新交一遍 重提
obj form: 报销单 审批单 申请单 报销申请 请假单 表单 那张单子 单子
ctx where: 审批里 钉钉审批 审批页面 审批记录里
nav nav: 后盖打开 前盖打开 盖子打开 上盖打开 机盖打开 打开后盖 打开前盖 打开盖子 打开上盖 打开机盖
    掀开盖子 掀开上盖 翻开盖子 掀开后盖
stop -: 放一张白纸 放张白纸 放一张纸 放白纸 放好纸 印出来看看 打出来看看
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND9))
# The cable from the modem to the router, said with the verb that joins them ("光猫接到路由器的
# 那条线", "猫连着路由器那根网线"): the Ethernet cable between them, like "光猫和路由器之间的网线".
ZH_LEXICON.update(
    dict.fromkeys(
        (
            f"{modem}{verb}路由器{cable}"
            for modem in ("光猫", "猫", "调制解调器", "宽带猫")
            for verb in ("接到", "连到", "连着", "接着", "接", "连", "插到", "接去")
            for cable in (
                "的那条线",
                "的那根线",
                "那根线",
                "那条线",
                "的线",
                "的网线",
                "的那根网线",
                "的那条网线",
                "那根网线",
                "那条网线",
            )
        ),
        ("obj", "ethernet.cable"),
    )
)
# Foxmail, the mail client (its accounts are mail accounts, see _MAIL_APPS)
EN_LEXICON["foxmail"] = ("objq", "app|name:foxmail")
_regional_zh(ZH_LEXICON, _ZH_REGIONAL9)
# Whole words with no Mainland part to swap: a base station (无线基地台) is the router; 行动资料
# is mobile data (数据 -> 资料 is applied before 移动 -> 行动 could be).
ZH_LEXICON.setdefault("无线基地台", ZH_LEXICON["路由器"])
ZH_LEXICON.setdefault("行动资料", ZH_LEXICON["移动数据"])
OBJECT_FAMILIES["device"] = OBJECT_FAMILIES["device"] | {"watch"}

# -- Round 10, false blocks: the Chinese names of apps whose cache, data, storage or account a
# step is on ("清一下支付宝的缓存" / "把淘宝的缓存清一下"): canonical name -> spellings.
FB10_ZH_OWNER_NAMES: dict[str, tuple[str, ...]] = {
    **{
        canonical: tuple(n for n in names if not n.isascii())
        for canonical, names in (*_NAMED_APPS.items(), *_MORE_NAMED_APPS.items())
        if any(not n.isascii() for n in names)
    },
    "alipay": ("支付宝",),
    "unionpay": ("云闪付",),
}


# -- English accounts / apps / mail / disk, round 10 -------------------------------------------
# Where a desktop step is done, said by what it is next to ("the little bin at the end of the
# Dock", "the up-arrow near the clock"): places, so "end" is no close; the little bin is the
# trash; a speaker's aside after a step ("sometimes it lands there", "that's the first thing")
# says nothing; signing back in "with your email" names how, not a mail account; a sign-in
# page's 'Forget password?' (non-native English) is its Forgot password link; "one time" says
# how often ("restart the computer one time"), not the clock; scrolling down is the way there,
# the gear (cog) a place, the stop-sign icon a picture; the month and year a card expires and
# the code on its back are its details; the PayPal wallet and your picture (an app's account
# button) are where a step is done; the app asking for the password again is what it does;
# a clock set to update by itself is set automatically; a card held up to the camera is how it
# is added, no step of its own; the power plan Windows describes as favouring performance is
# High performance.
_EN_ROUND10_ACCOUNTS = """
ctx where: dock, the dock, in the dock, on the dock, at the end of the dock, the end of the dock,
    end of the dock, at the end of the taskbar, near the clock, by the clock, next to the clock,
    beside the clock, on the desktop
obj trash: little bin, the little bin, bin icon, the bin icon, trash can icon, the trash icon,
    little trash can, the little trash can
stop -: sometimes it lands there, it sometimes lands there, sometimes it ends up there,
    it sometimes ends up there, sometimes mail lands there, that's the first thing,
    thats the first thing, that is the first thing, for me, real quick, for me real quick
stop -: one time, 1 time, for one time, a single time, just one time
op nav: scroll* down, scroll* all the way down, scroll* to the bottom, scroll* down a bit,
    scroll* all the way to the bottom, scroll* down to the bottom, scroll* up, scroll* down a little
ctx where: the gear, gear icon, the gear icon, gear, cog, cog icon, the cog icon, the cog,
    settings gear, the settings gear, cogwheel, the cogwheel
stop -: stop sign icon, the stop sign icon, little stop sign icon, the little stop sign icon,
    stop sign, the stop sign
obj card.details: month and year, the month and year, the month and year it expires,
    month and year it expires, the new month and year, new month and year, expiry month and year,
    the expiry month and year, the month and year on the front, the month and year on the card,
    the code on the back, three digit code on the back, the three digit code on the back,
    3 digit code on the back, the 3 digit code on the back, the code on the back of the card
stop -: ask password again, asks password again, ask for password again, asks for password again,
    asks for the password again, asks for your password again, ask for the password again,
    is asking for the password again, is asking for password again, asking password again,
    keeps asking for the password, keeps asking for password, keep asking password
q auto: set to update by itself, is set to update by itself, set to update itself,
    set to update on its own, is set to update on its own, set to change by itself
stop -: by holding it up to the camera, holding it up to the camera, hold it up to the camera,
    by holding the card up to the camera, holding the card up to the camera,
    hold the card up to the camera, by holding it in front of the camera,
    by pointing the camera at it, by pointing the camera at the card
q high_performance: favors performance, favours performance, favors performance but may use more
    energy, favours performance but may use more energy, the one that favors performance,
    the one that favours performance, that favors performance, that favours performance
ctx where: your picture, tap your picture, your initials, your account picture icon
ctx where: paypal wallet, the paypal wallet, your paypal wallet, paypal wallet page
obj password_reset: forget password, forget password link, the forget password link,
    forget password button, forgot password button, forget the password link
stop -: with your email, with your email address, with your email and password,
    with your email address and password, with your username and password,
    with your username, with your login details, with your credentials
"""
EN_LEXICON.update(_kinded_en(_EN_ROUND10_ACCOUNTS))
# Outlook's phone app, named as the desktop one ("in Outlook mobile, tap the account")
for _outlook in ("outlook mobile", "the outlook mobile app", "outlook mobile app"):
    EN_LEXICON.setdefault(_en_key(_outlook), EN_LEXICON["outlook"])
# The purchase tried again after the steps ("then try buying the game again", "and try buy
# again"): the retry is what is hoped to work, like "retry the purchase", no step of its own
EN_LEXICON.update(
    dict.fromkeys(
        (
            _en_key(f"{verb} {thing}again".replace("  ", " "))
            for verb in (
                "try buying",
                "try to buy",
                "try buy",
                "try purchasing",
                "try to purchase",
                "try purchase",
                "retry buying",
                "try checking out",
                "try to check out",
            )
            for thing in ("", "it ", "the game ", "the app ", "the item ", "the subscription ")
        ),
        ("stop", ""),
    )
)

# -- zh round 10: spoken call transcripts --------------------------------------------------
# Hesitation sounds and discourse fillers of a spoken answer ("嗯，", "就是说，", "呃，你看，")
# carry no step; as a clause of their own they must not leave the text partly read.
_ZH_SPOKEN_FILLERS10 = """
嗯 嗯嗯 呃 呃呃 额 唔 哦 噢 喔 诶 欸 哎 唉 呀 哈 嘛 啦 咯 喽
就是说 也就是说 就是 我是说 我的意思是 怎么说呢 你看 你看啊 这样 这样子 这样吧 那么 那样
对吧 是吧 好吧 好的 好 对 对的 对对 然后呢 那个那个 这个这个 其实
"""
for _word in _ZH_SPOKEN_FILLERS10.split():
    ZH_LEXICON.setdefault(_word.upper(), ("stop", ""))
# Two-sided printing is a setting of its own ("把双面打印关掉", "turn off duplex printing"): its
# 打印 is no print job.
for _word in ("双面打印", "双面打印功能", "自动双面打印", "双面列印"):
    ZH_LEXICON.setdefault(_word.upper(), ("obj", "duplex_printing"))
for _word in ("duplex printing", "duplex", "double-sided printing", "two-sided printing"):
    EN_LEXICON.setdefault(_word, ("obj", "duplex_printing"))
# 移出 (move out of: "把发件人从黑名单里移出来", "移出黑名单") takes a thing out of a list
for _word in ("移出", "移出来", "移出去"):
    ZH_LEXICON.setdefault(_word.upper(), ("op", "remove"))
# The phone's own manager app (手机管家, Xiaomi Security, Huawei Phone Manager) is an app by name:
# "打开手机管家" opens it, the phone is not turned on.
for _word in (
    "手机管家",
    "手机管家app",
    "华为手机管家",
    "小米手机管家",
    "安全中心",
    "手机安全中心",
):
    ZH_LEXICON.setdefault(_word.upper(), ("objq", "app|name:phone_manager"))
for _word in ("phone manager", "xiaomi security", "phone manager app"):
    EN_LEXICON.setdefault(_word, ("objq", "app|name:phone_manager"))
# 占用 (takes up: "看哪个程序占用最高") is no use of it
ZH_LEXICON.setdefault("占用", ("stop", ""))
# A wall outlet described by its holes (墙孔, 墙上的孔, 墙上那个孔): the outlet
for _word in (
    "墙孔",
    "墙上的孔",
    "墙上那个孔",
    "墙上这个孔",
    "墙上的插孔",
    "墙上那个插孔",
    "墙插孔",
):
    ZH_LEXICON.setdefault(_word.upper(), ZH_LEXICON["插座"])

# -- round 10 (English device misses: physical and vague descriptions, spoken transcripts) ------
# Going round to a device's back ("reach behind the television", "go round the back of the
# TP-Link") is the way to it, no step; the reset pinhole said as a small hole on the back poked
# with a paperclip (on the back: a SIM tray's hole is on the side); a finger kept on a button
# holds it; the phone's side key is its power button; counting to a number is the wait; the
# HP Smart app is one app (not "smart"); the printer's own screen is a place, its prompts
# followed no step; "Go Settings", services.msc typed are the way in; the router and the modem
# described as boxes (with the blinking lights; the internet cable comes into); icons and
# buttons described by their looks (the little airplane picture, the wavy-lines symbol, the round
# button with the line through it, the globe icon by the clock); troubleshoot problems is the
# troubleshooter; netsh typed is run; the power of a device pulled out unplugs it; what a step is
# for (so the phone ...) is no step; Phone Link is an app; a connection set up again is paired
# again.
_EN_DEVICES10 = """
nav nav: reach* behind, reach* round the back of, reach* around the back of, go* round the back of,
    go* around the back of, go* round to the back of, go* around to the back of,
    go* behind, reach* round behind, reach* around behind
obj reset_button: small pinhole, tiny pinhole, little pinhole, small hole on the back,
    small hole in the back, small hole at the back, small hole on the rear,
    tiny hole on the back, tiny hole in the back, tiny hole at the back, tiny hole on the rear,
    little hole on the back, little hole in the back, little hole at the back,
    little hole on the rear, the small hole on the back, the small hole in the back,
    the small hole at the back, the small hole on the rear, the tiny hole on the back,
    the tiny hole in the back, the tiny hole at the back, the tiny hole on the rear,
    the little hole on the back, the little hole in the back, the little hole at the back,
    the little hole on the rear, that small hole on the back, that small hole in the back,
    that small hole at the back, that small hole on the rear, that tiny hole on the back,
    that tiny hole in the back, that tiny hole at the back, that tiny hole on the rear,
    that little hole on the back, that little hole in the back, that little hole at the back,
    that little hole on the rear
op hold: keep* your finger on, keep* your finger pressed on, keep* your finger pressed down on,
    keep* your finger held on, keep* your finger held down on, keep* your finger down on,
    keep* holding, keep* holding down, poke* and hold, push* and hold,
    press* and keep your finger on, press* and keep your finger pressed on,
    press* and keep your finger down on, push* into, poke* into, push* it into, poke* it into,
    stick* it into, push* a paperclip into, poke* a paperclip into, stick* a paperclip into,
    push* a pin into, poke* a pin into
stop -: grab* a paperclip, take* a paperclip, get* a paperclip, grab* a pin, take* a pin,
    get* a pin, grab* a paper clip, take* a paper clip, get* a paper clip, use* a paperclip,
    grab* a sim tool, take* a sim tool, straighten* a paperclip, unbend* a paperclip
obj power_button: side key, the side key, that side key, side key of the phone
op wait: count* to
objq app|name:hp_smart: hp smart, hp smart app, the hp smart app
ctx where: printer's screen, the printer's screen, printer's little screen,
    the printer's little screen, printer's display, the printer's display, printer's touchscreen,
    the printer's touchscreen, printer's control panel, the printer's control panel
stop -: follow* the prompts, follow* the on screen prompts, follow* the instructions on screen,
    follow* the steps on screen, follow* the on screen steps
nav nav: go* settings, type* services.msc, type* services msc
obj router: box with the blinking lights, the box with the blinking lights,
    box with the flashing lights, the box with the flashing lights, box with the blinking light,
    the box with the blinking light, box with the lights, the box with the lights,
    box with the little lights, the box with the little lights, box with the antennas,
    the box with the antennas, box with the aerials, the box with the aerials
obj modem: box the internet cable comes into, the box the internet cable comes into,
    box the internet comes into, the box the internet comes into, box the cable comes into,
    the box the cable comes into, box the phone line goes into, the box the phone line goes into,
    box the line comes into, the box the line comes into
obj airplane_mode: airplane picture, the airplane picture, little airplane picture,
    the little airplane picture, plane picture, the plane picture, little plane picture,
    the little plane picture, airplane symbol, the airplane symbol, little airplane,
    the little airplane, little plane icon, the little plane icon, plane symbol, the plane symbol
obj wifi: wavy lines symbol, the wavy lines symbol, wavy lines icon, the wavy lines icon,
    wavy line symbol, the wavy line symbol, wavy lines, the wavy lines, curved lines icon,
    the curved lines icon, curved lines symbol, the curved lines symbol
obj power_button: round button with the line through it,
    the round button with the line through it,
    button with the line through it, the button with the line through it,
    button with the circle and line, the button with the circle and line, power symbol button,
    the power symbol button, button with the power symbol, the button with the power symbol
obj network.troubleshooter: troubleshoot problems, the troubleshoot problems option
ctx where: globe icon, the globe icon, little globe icon, the little globe icon, globe symbol,
    the globe symbol, down by the clock, by the clock, next to the clock
op run: type* netsh, type* in netsh, enter* netsh
op unplug: pull* out the power of, pull* the power of, take* out the power of
sub -: so the phone, so that the phone, so your phone, so that your phone, so the screen,
    so that the screen
objq app|name:phone_link: phone link, the phone link app, phone link app, link to windows,
    the link to windows app
op readd: set* up the connection again, set* the connection up again, set* it up again,
    pair* it up again, link* it again, link* them again
"""
EN_LEXICON.update(_kinded_en(_EN_DEVICES10))


# -- round 11 (en device): a port called a hole by its connector ("the Lightning hole", "the
# USB-C hole", "the charging hole") is the charging port; the print queue's service is the
# spooler; ink cartridges called carts (Epson's Power Cleaning, a cleaning of its own, is in the
# mixed round's table below); what a step is for ("so the buds stop grabbing it", "so it stops
# auto-connecting") is no step, whatever it names (round 10 knew only "so the phone / screen").
_EN_DEVICES11 = """
obj charging.port: lightning hole, the lightning hole, usb c hole, the usb c hole, type c hole,
    the type c hole, charging hole, the charging hole, charge hole, the charge hole,
    charger hole, the charger hole, micro usb hole, the micro usb hole
obj print_spooler: print queue service, the print queue service, printer queue service,
    the printer queue service, print queue services
obj ink_cartridge: carts, the carts, ink carts, the ink carts, color carts, colour carts,
    black cart, the black cart, color cart, colour cart, ink cart, the ink cart
sub -: so the, so that the, so your, so that your, so ur, so my, so that my, so they, so that they,
    so it, so that it
"""
EN_LEXICON.update(_kinded_en(_EN_DEVICES11))

# Round 11, English payment, login, app, email and slow computer (text typed fast, knowledge-
# base articles, Singapore / Malaysian English): a right click typed as it sounds is the click.
_EN_ROUND11_ACCOUNTS = """
stop -: write click, write-click, rite click, rite-click, right clik, write clik
"""
EN_LEXICON.update(_kinded_en(_EN_ROUND11_ACCOUNTS))

# -- Hong Kong written Cantonese (zh round 11) -------------------------------------------------
# Written Cantonese is read as Mandarin before its words are looked up: a text with a Cantonese
# word in it (CANTONESE_MARK_ZH) has each Cantonese word or construction below replaced by the
# Mandarin one the Chinese tables know, in order ("熄咗部機再開" -> "关了设备再开", "撳住開機掣"
# -> "按住开机键", "將耳機放返入盒度" -> "将耳机放回盒里", "綁多一次" -> "再绑一次"). Patterns are
# spelled after ZH_TRADITIONAL (個 -> 个, 電 -> 电); a Mandarin text has no mark and is unchanged.
CANTONESE_MARK_ZH = (
    r"[咗喺冇撳揿㩒閂闩嘅啲嗰佢攞嚟睇掣嘢咁乜俾畀揾搵噉啱窿咪喇啰㗎嘞咩喎吖唔]|火牛|叉电|试下|行近"
    r"|入面|熄机|部机|屋企|插苏|隔篱|等阵|着机"
)
CANTONESE_ZH: tuple[tuple[str, str], ...] = (
    # the resumptive "it" after a moved object ("将资源回收筒清空佢"): dropped at a clause's end
    (r"([将把][^，,。；;！!？?]*?)佢(?=$|[，,。；;！!？?])", r"\1"),
    (r"佢", "它"),
    # aspect and place words
    (r"咗", "了"),
    (r"喺", "在"),
    (r"冇", "没有"),
    (r"嗰啲", "那些"),
    (r"嗰度|呢度", "那里"),
    (r"嗰", "那"),
    (r"(?<=[近远短长快慢高低大小])(?:啲|少少)", "一点"),
    (r"啲", "些"),
    (r"嘅", "的"),
    (r"(?<=[盒单表边])度", "里"),
    (r"入面", "里面"),
    (r"嚟", "来"),
    (r"唔好", "不要"),
    (r"唔(?![，,。.…\s~～])", "不"),  # not the spoken filler ("唔…", "唔，")
    (r"晒", ""),
    (r"(?<=[排等充装下载])紧", ""),
    # verbs
    (r"长[撳揿]", "长按"),
    (r"[撳揿]住", "按住"),
    (r"[撳揿]", "点"),
    (r"[閂闩]埋", "关上"),
    (r"[閂闩]", "关"),
    (r"熄(?![灭火])", "关"),
    (r"[着著](?=返|咗|了|机)", "开"),
    (r"开返", "打开"),
    (r"返入", "回"),
    (r"(?<![a-z] )(?<![a-z])返(?!回)", "回"),  # "add 返": the constructions stage
    (r"[攞拎]住", "拿着"),
    (r"[攞拎]", "拿"),
    (r"[揀拣]", "选"),
    (r"睇", "看"),
    (r"[俾畀]", "给"),
    (r"揾", "找"),
    (r"摆(?=回|入|放|喺|在)", "放"),
    (r"除低", "取下"),
    (r"叉电", "充电"),
    (r"叉(?=过|满|一下|下|下电|住)", "充"),
    (r"试下", "试一下"),
    (r"看下", "看一下"),
    (r"行近", "走近"),
    (r"行去|行到", "走到"),
    (r"企(?=在|喺)", "站"),
    (r"侧边", "旁边"),
    (r"跟住", "然后"),
    (r"同埋", "和"),
    (r"净系", "只"),
    (r"系咪", "是不是"),
    (r"不系", "不是"),
    (r"(?<=[设改转变换])做", "成"),
    (r"(?:重新)?打过个?(?=密码|授权码|验证码)", "重新输入"),
    (r"隔篱", "旁边"),
    (r"另外(?![一个条张根台只])", "，"),
    (r"入过", "重新登录"),
    (r"([绑装试连插开入登])多(?:一)?次", r"再\1一次"),
    (r"数([0-9一二三四五六七八九十两几]+)声", r"等\1秒"),
    (r"(?<=[下吓])先(?=$|[，,。；;！!？?])", ""),
    # things
    (r"火牛", "充电器"),
    (r"(?<=边|面)个(?=掣)", "的"),
    (r"掣", "键"),
    (r"耳筒", "耳机"),
    (r"盒仔", "盒子"),
    (r"(?<![全内外局底头顶细分])部(?=手机|电话|电脑|路由器|打印机|平板|相机|喇叭)", ""),
    (r"(?<![全内外局底头顶细分])部机", "设备"),
    (r"(?<![打拨致])电话(?!号)", "手机"),
    (r"嘢", "东西"),
    (r"乜|咩", "什么"),
    (r"咁", "这样"),
    (r"啱", "对"),
)

# Round 11 (zh): the words Hong Kong and Taiwan text names things with, once read as Mandarin
# (a speaker is 喇叭, the recycle bin 资源回收筒, temp files 暂存档, a list 清单, the print
# queue a printer's 工作清单), a phone's side key by its place, a case's lid closed and
# opened around the buds (no step of its own), and a second one of a thing being another one.
_ZH_ROUND11 = """
obj headphones: 喇叭 蓝牙喇叭 小喇叭 无线喇叭
obj trash: 资源回收筒 回收筒 资源回收桶 回收桶
obj files: 暂存档 暂存档案 暂存文件 暂存盘
obj print_queue: 工作清单 打印工作 打印工作清单 排队那些文件 排队的那些文件 排队中的文件
    排队的文档
ctx where: 清单 清单里 列表里 蓝牙清单 蓝牙列表 装置清单 设备清单 设备列表
obj power_button: 右边的键 右侧的键 侧边的键 侧面的键 右边那个键 右侧那个键 机身右侧的键
    右边键 右侧键
stop -: 关上盖 开盖 打开盖 再开盖 关好盖 盖好 关上盖子 打开盒盖 开盒盖 开盖拿出来 再开盖拿出来
    打开盖拿出来 开盖取出来 再开盖取出来
obj charger: 盒里 盒子里 盒内 盒中
stop -: 不过 不过呢 只不过 约 大约 持续 持续约 左右 该操作 此操作 保持通电 保持通电状态 机身
    机身背面 机身侧面 房间
obj usb_hub: 集线器 USB集线器 USB扩展坞 扩展坞 拓展坞 分线器 USB分线器
obj bluetooth: 蓝牙接收器 蓝牙适配器
q other: 第二条 第二根 第二个 第二只 第二部 第二台 第二把 第二张
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND11))

# -- Mixed-language round 11 (batches 39-42): words of the round's classes ------------------
# "另外喺郵件程式…" (besides, in the mail app): 另外 before a place is no other app; 不过 (but)
# is no 过 (wait); a hub (集线器, USB hub) is a thing of its own, a Bluetooth receiver the
# Bluetooth adapter, pulled away (拔走) unplugged.
_MIXED_ROUND11_WORDS = """
loc -: 另外于 另外在
stop -: 不过
obj usb_hub: 集线器 usb集线器 usb扩展坞 扩展坞 分线器
obj bluetooth|bluetooth: 蓝牙接收器 蓝牙适配器 蓝牙棒
op unplug: 拔走
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_WORDS))
EN_LEXICON.update(_kinded_en("obj usb_hub: usb hub, the usb hub, usb dock\n"))
# Settings named in the round's switches: a printer port's bidirectional support, Android's
# absolute volume (Developer options, the place it is in).
_MIXED_ROUND11_SETTINGS = """
obj bidirectional_support: 双向支持 双向通信 双向通讯
obj absolute_volume: 绝对音量 绝对音量控制
ctx where: 开发者选项 开发者选项里 开发人员选项 开发者模式 开发者模式里
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_SETTINGS))
EN_LEXICON.update(
    _kinded_en(
        "obj bidirectional_support: bidirectional support, bi directional support\n"
        "obj absolute_volume: absolute volume, absolute volume control\n"
        "ctx where: developer options, the developer options, developer settings\n"
    )
)
# The print head aligned in Chinese (打印头对齐, 校准打印头) is the head alignment; netsh typed
# (输入 netsh) is run, as in English; a Windows uninstall dialog's own box ('Attempt to remove
# the driver for this device') ticked is how the driver is removed, no step; a step skipped
# ("Skip the router reboot: ...", 跳过) is not done.
_MIXED_ROUND11_KB = """
obj head_alignment: 打印头对齐 喷头对齐 打印头校准 喷头校准 对齐打印头 校准打印头 打印头校正
    打印头的对齐 喷嘴对齐
op run: 输入netsh 键入netsh 敲netsh 运行netsh
neg -: 跳过
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_KB))
EN_LEXICON.update(
    _kinded_en(
        "stop -: tick* attempt to remove the driver for this device,"
        " check* attempt to remove the driver for this device,"
        " attempt to remove the driver for this device,"
        " tick* delete the driver software for this device,"
        " check* delete the driver software for this device,"
        " delete the driver software for this device\n"
        "neg -: skip\n"
        "obj power_cleaning: power cleaning, power clean, the power cleaning, a power cleaning,"
        " a power clean\n"
    )
)
# Epson's Power Cleaning (强力清洗) is a cleaning of its own, not the head cleaning
ZH_LEXICON.update(_kinded_zh("obj power_cleaning: 强力清洗 强力清洁 强力清洗功能\n"))
# Charging for a while (mixed round 11): 连续 (without a break), 至少 (at least), 以上 (or more)
# say how long; 插着充电器 (on the charger) plugs it in.
ZH_LEXICON.update(
    _kinded_zh(
        "stop -: 连续 持续 不间断 至少 最少 以上 这段时间后 这段时间 原装 原厂\n"
        "op plug_in: 插着 插着的 一直插着\n"
    )
)
ZH_LEXICON.setdefault("三星", EN_LEXICON["samsung"])
# A ticket's note of what the customer reported (客户反馈：…) is who said it, no step; an aim
# (避免跟光猫冲突, to avoid ...) is no step; the code received by email on the way through a
# password reset (用邮箱收验证码) is the reset's own step; the left-hand menu (左侧菜单) is a place;
# the Run box (按win+R, 输 %temp% 回车) is the way to the temp files, everything in it selected
# (里面的东西全选) is them.
_MIXED_ROUND11_NOTES = """
stop -: 客户反馈 用户反馈 客户表示 客户称 客户说 用户表示 用户称 工单备注 客户备注 备注
    左侧 左边 右侧 右边 左侧的 左边的
neg -: 避免 以免 以防
stop -: 用邮箱收验证码 用邮箱接收验证码 邮箱收验证码 收验证码 接收验证码 收邮件验证码 收到邮件验证码
nav nav: 按win+r 按windows+r win+r打开运行 打开运行
obj files: 输%temp% 输入%temp% 键入%temp% 打%temp% 输temp 输入temp 键入temp 里面的东西
stop -: 全选 全部选中 全选后
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_NOTES))
# A network picked by the end of its name (揀個名尾有 '_5G' 嘅 Wi-Fi, 名字后面带5G的那个): the 5 GHz
# one; Wi-Fi spelled with its hyphen is the same word.
_MIXED_ROUND11_BANDS = """
q 5ghz: 5g的wi-fi 5g的wi-fi网络 5g那个wi-fi
stop -: 名尾有 名字尾巴有 名字结尾有 名字后面有 名字后面带 名字里有 名字带
    结尾是 后缀是 结尾带 后缀带
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_BANDS))
# What a device shows (iPad 上弹出的验证码) names where the code is seen, not a step on it; a
# time clause's 时 (在登录 Apple ID 时) says when.
_MIXED_ROUND11_SHOWN = """
de -: 上弹出的 上弹出来的 上收到的 上显示的 上出现的 上跳出来的 上跳出的
stop -: 时
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_SHOWN))
# The router's DHCP address pool (地址池, the pool it hands addresses out of) made bigger
# (widen, 改大, 扩大) is set.
_MIXED_ROUND11_POOL = """
obj dhcp_pool: dhcp地址池 dhcp的地址池 地址池 ip地址池 dhcp地址范围 dhcp范围 dhcp池
op set: 改大 扩大 调大 加大 改宽
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND11_POOL))
EN_LEXICON.update(
    _kinded_en(
        "obj dhcp_pool: dhcp pool, the dhcp pool, address pool, the address pool, dhcp range,"
        " the dhcp range, the pool, dhcp address pool, the dhcp address pool\n"
        "op set: widen*, enlarge*, expand*\n"
    )
)
# Alipay's Yu'e Bao (余额宝) is the balance a payment order puts first; moved to the top of the
# list it is put first.
ZH_LEXICON.update(_kinded_zh("q balance: 余额宝 余额宝优先\n"))
EN_LEXICON.update(
    _kinded_en(
        "q balance: yue bao, yu e bao, yuebao\n"
        "stop -: to the top of the list, to the top, to the first place, to first place\n"
    )
)
# Device Manager's power-management box in Chinese is the setting by its whole name
ZH_LEXICON.update(
    _kinded_zh(
        "obj power_management: 允许计算机关闭此设备以节约电源 允许计算机关闭此设备以节省电源"
        " 允许电脑关闭此设备以节约电源 允许计算机关闭这个设备以节约电源\n"
    )
)
# A step set aside with 再 after the negation (不用再重装了，直接…; 别再重启路由器): the 再 is
# "any more", not a new step, so the negation stays on the verb.
ZH_LEXICON.update(
    _kinded_zh("neg -: 不用再 不必再 无需再 别再 不需要再 没必要再 不要再 就不用再\n")
)
# 找 (find; Cantonese 搵) on the way to a thing is the way there, as 找到 and 'find' are
ZH_LEXICON.update(_kinded_zh("nav nav: 找 找一下 找找 找出 找出来\n"))


# -- round 12, false blocks (fb12) -------------------------------------------------------------
# The router's QoS (quality of service) is a setting of its own: switched off it is not
# switched on ("Disable QoS in the router settings" / "Turn on QoS on the router").
EN_LEXICON.update(
    _kinded_en("obj qos: qos, quality of service, smart qos, adaptive qos, the qos setting\n")
)
ZH_LEXICON.update(_kinded_zh("obj qos: QoS 智能QoS 服务质量 网速控制\n"))


# Round 12 (English payment / login / app / email / slow computer, steps with a reason
# attached): the state of the files a step is for ("to repair any damaged system files", "to
# get rid of corrupted temporary files") says which ones, it is no other thing.
_EN_ROUND12_REASONS = """
stop -: damaged, corrupted, corrupt, stale
"""
EN_LEXICON.update(_kinded_en(_EN_ROUND12_REASONS))
# A retry is a verb of its own ("... and retry the PayPal checkout", "re-run the checkout"):
# the clause it leads is the attempt made again (see _retried_attempt_en12), not more objects
# of the step before it.
EN_LEXICON.update(_kinded_en("weak use: retry, go through\nweak run: re run, rerun, redo, re do\n"))
# The Steam client is the Steam app ("restart / update the Steam client"), as Outlook is
EN_LEXICON.update(
    _kinded_en("objq app|name:steam: steam client, the steam client, steam app, the steam app\n")
)


# -- round 12 (zh: the plain styles of ordinary support traffic, batches 43-50) ----------------
# A mainland chat service's address to the customer (亲, 亲亲, 亲爱的: "dear") is no word of
# the step; 亲自 (oneself) says who does it.
_ZH_ROUND12_CHAT = """
stop -: 亲 亲亲 亲爱的 亲爱的用户 亲自
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND12_CHAT))
# The phone's wireless (手机无线网, 手机的WiFi) is the Wi-Fi, as 手机蓝牙 is the Bluetooth, not
# the phone; the wireless switch (无线网络开关, WiFi开关) is the Wi-Fi it turns off and on, not a
# network.
_ZH_ROUND12_RADIOS = """
obj wifi: 手机无线网 手机的无线网 手机上的无线网 手机WIFI 手机的WIFI 手机上的WIFI 手机WLAN
    手机的WLAN 手机上的WLAN 无线网络开关 无线网开关 WIFI开关 WLAN开关 无线开关 无线局域网开关
    手机的无线网络开关 手机无线网络开关 手机的无线网开关 手机的WIFI开关 手机的WLAN开关
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND12_RADIOS))
# An app's desktop version (电脑版微信, 微信电脑版, PC端) is the app, on the computer (a place).
_ZH_ROUND12_VERSIONS = """
ctx where: 电脑版 电脑版的 PC版 PC版的 桌面版 桌面版的 电脑端 电脑端的 PC端 PC端的 WINDOWS版 MAC版
    WINDOWS版的 MAC版的
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND12_VERSIONS))
# A driver's installer (驱动安装包) is the driver installed; an installer downloaded (下个安装包,
# 下载安装包) is the way to the install that follows, not files cleaned off the disk.
_ZH_ROUND12_INSTALLERS = """
obj driver: 驱动安装包 驱动程序安装包 驱动的安装包 驱动安装程序
nav nav: 下个安装包 下载个安装包 下一个安装包 下载一个安装包 下个安装程序
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND12_INSTALLERS))


# -- Mixed-language round 12 (batches 43-50): words a code-switched or cross-lingual pair read
# apart. A mail provider's authorization code (QQ / 163 授权码) is the app password a mail client
# signs in with, in English as in Chinese; a QR code scanned to sign in (扫码登录, "scan the QR
# code ... to log back in") is how one signs in, no malware scan; 修复 (repair) is the readd
# English 'repair' is; a mail profile (Outlook的配置文件) is the mail account, as 'the Outlook
# profile' is; Run as administrator (以管理员身份运行) is the app run; a fast-charging brick
# (快充头, a SuperCharge charger) is the charger; 华为 is Huawei. (A chat agent's 亲 is in the
# Chinese round-12 table above.)
_MIXED_ROUND12_WORDS = """
obj app_password: 授权码 新授权码 一个授权码
op login: 扫码登录 重新扫码登录 扫码重新登录 再扫码登录 扫二维码登录
stop -: 扫码 扫二维码 扫一下码 扫码后 手机扫码 用手机扫码 扫一扫 二维码 登录二维码 用手机扫一下
    用手机扫 拿手机扫一下 拿手机扫 手机扫一下
ctx where: 电脑登录界面 电脑端登录界面 电脑上的登录界面 电脑登录页面 电脑端登录页面
op readd: 修复
obj account: 配置文件 用户配置文件
obj email_account: OUTLOOK配置文件 OUTLOOK的配置文件 邮件配置文件 邮箱配置文件 OUTLOOK的邮件配置文件
op run: 以管理员身份运行 用管理员身份运行 以管理员权限运行 管理员身份运行 以管理员运行
obj charger: 快充头 超级快充头 充电头 原装充电头 原装快充头
"""
ZH_LEXICON.update(_kinded_zh(_MIXED_ROUND12_WORDS))
ZH_LEXICON.setdefault("华为", EN_LEXICON["huawei"])
EN_LEXICON.update(
    _kinded_en(
        "obj app_password: authorization code, authorisation code, the authorization code,"
        " the authorisation code, a new authorization code, a new authorisation code,"
        " the app password, an app password, the app specific password\n"
        "obj charger: supercharge charger, supercharger, supercharge power adapter,"
        " fast charger, fast charging charger, fast charging brick\n"
        "stop -: scan the qr code, scan a qr code, scan the login qr code, scan the qr,"
        " scans the qr code, scans a qr code, scans the login qr code, scans the qr,"
        " scanned the qr code, scanned a qr code, scanned the login qr code, scanned the qr,"
        " scanning the qr code, scanning a qr code, scanning the login qr code,"
        " scanning the qr\n"
    )
)


# Round 12, English power, Wi-Fi, router, printer and Bluetooth (menu and UI paths): a
# setting's drop-down list is where a value is picked (no thing of its own); which of the two
# DNS servers a value is entered as is no different setting; a box cleared on a page is the
# page's setting switched off; bthserv is the Bluetooth Support Service's name in services.msc;
# Device Manager's adapter lists (expanded: opened) are places, no charger; a connector's
# socket (Lightning, USB-C) is the charging port, not a wall socket; pushed "firmly" back in
# it is put back, as without the word; Android's quick-settings Internet tile is its Wi-Fi; a
# lid closed is its case's or laptop's, named or not; a phone's case (taken off it, the phone
# taken out of it) is its cover, not a charging case; a laptop's AC is its adapter, its
# battery pulled is taken out and dropped back in is put back.
_EN_DEVICES12 = """
stop -: drop down, dropdown, drop down menu, dropdown menu, drop down list, dropdown list,
    drop down box, dropdown box, pull down menu, pulldown menu, pull down, pulldown
obj dns: primary dns, secondary dns, preferred dns, alternate dns, primary dns server,
    secondary dns server, preferred dns server, alternate dns server, primary server,
    secondary server, the primary server, the secondary server
stop -: as the primary, as the secondary, as primary, as secondary, the primary, the secondary
op disable: clear* the checkbox, clear* that checkbox, clear* the check box, clear* that check box,
    clear* the first checkbox, clear* that first checkbox, clear* the tick box, clear* the box,
    clear* that box, untick* the box, uncheck* the box, untick* the checkbox,
    uncheck* the checkbox, untick* that box, uncheck* that box, untick* that checkbox,
    uncheck* that checkbox
obj bluetooth: bthserv, bluetooth support service, the bluetooth support service
ctx where: network adapters, the network adapters, display adapters, the display adapters,
    bluetooth adapters, the bluetooth adapters
obj charging.port: lightning socket, the lightning socket, usb c socket, the usb c socket,
    type c socket, the type c socket, micro usb socket, the micro usb socket, charging socket,
    the charging socket, charge socket, the charge socket, charger socket, the charger socket
op add: push* it firmly back in, push* them firmly back in, push* it firmly in,
    push* them firmly in, push* it back in firmly, push* them back in firmly
obj wifi: internet tile, the internet tile, internet toggle, the internet toggle,
    internet quick tile, the internet quick tile
stop -: the lid, lid, its lid, their lid, the case lid, case lid, the charging case lid
obj phone_case: phone case, the phone case, your phone case, its phone case, phone cover,
    the phone cover, your phone cover, phone cases
obj charger: the ac, ac, the ac cord, ac cord, the ac plug
op remove: pull* the battery, pull* the rear battery, pull* the battery pack, pull* its battery,
    pull* the removable battery
op add: drop* the battery back in, drop* it back in, drop* the battery back, drop* them back in
nav nav: expand* network adapters, expand* the network adapters, expand* display adapters,
    expand* the display adapters, expand* bluetooth adapters, expand* the bluetooth adapters
"""
EN_LEXICON.update(_kinded_en(_EN_DEVICES12))


# Round 12, Chinese and mixed (second wave): scrolling to the bottom of a page (拉到最底下,
# 滑到最下面) is the way to a button there, and 当前 (the current account) names no other one.
_ZH_ROUND12_SECOND = """
stop -: 拉到最底下 拉到最下面 拉到底 拉到最底 滑到最底下 滑到最下面 滑到底 翻到最底下 翻到最下面
    往下拉到底 往下滑到底 拉到最下方 滑到最下方 当前 当前的
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND12_SECOND))
# Settings pages named with their "和" / "与" inside one name (电池健康与充电, iOS's Battery Health
# & Charging) are places; iOS's Optimised Battery Charging (优化电池充电) is the charging setting,
# as its English name reads.
_ZH_ROUND12_SECOND_PAGES = """
ctx where: 电池健康与充电 电池健康和充电 电池与充电 电池和充电 打印机与扫描仪 蓝牙与其他设备
obj charging: 优化电池充电 优化充电 电池优化充电 优化的电池充电
"""
ZH_LEXICON.update(_kinded_zh(_ZH_ROUND12_SECOND_PAGES))
